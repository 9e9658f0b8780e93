public import IdentityBridge
internal import Yams

/// A scenario file that cannot run: every problem, as `FILE:LINE:COLUMN: error: MESSAGE` lines.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem, sorted by position.
    public var diagnostics: [ConfigDiagnostic]
    /// Creates the error.
    public init(diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }
    /// One diagnostic line per problem.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Parses and validates scenario YAML, reporting every problem with its line and column.
///
/// ```swift
/// let scenario = try ScenarioParser().parse(path: "Scenarios/helpshift/matching-by-email.yaml")
/// ```
public struct ScenarioParser: Sendable {
    /// The largest scenario file accepted.
    public static let maxFileSize = 1_048_576

    /// Every step keyword, in documentation order.
    public static let stepKeywords = [
        "login", "logout", "reset_identity", "advance", "set", "send_message", "vendor_event", "foreground", "expect",
    ]
    /// Every expectation keyword.
    public static let expectationKeywords = ["event", "data", "no_event", "events", "error", "no_error", "user", "users", "conversations"]

    /// Creates a parser.
    public init() {}

    /// Reads and parses the file at `path`.
    public func parse(path: String) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > Self.maxFileSize {
                throw ScenarioError(diagnostics: [
                    ConfigDiagnostic(
                        file: path, line: 1, column: 1, message: "scenario file is \(size) bytes; the limit is \(Self.maxFileSize) bytes.")
                ])
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(diagnostics: [
                ConfigDiagnostic(file: path, line: 1, column: 1, message: "cannot read scenario file '\(path)'.")
            ])
        }
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(diagnostics: [ConfigDiagnostic(file: path, line: 1, column: 1, message: "scenario file is not UTF-8 text.")]
            )
        }
        return try parse(yaml: text, file: path)
    }

    /// Parses scenario text; `file` names it in diagnostics and defaults the scenario's name.
    public func parse(yaml: String, file: String) throws(ScenarioError) -> Scenario {
        let context = ParseContext(file: file)
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw ScenarioError(diagnostics: [Self.diagnostic(for: error, file: file)])
        } catch {
            throw ScenarioError(diagnostics: [ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error)")])
        }
        guard let root, root.mapping != nil else {
            throw ScenarioError(diagnostics: [
                ConfigDiagnostic(
                    file: file, line: root?.mark?.line ?? 1, column: root?.mark?.column ?? 1,
                    message: "a scenario is a mapping with 'app:' and 'steps:'.")
            ])
        }
        let scenario = context.readScenario(root)
        if !context.diagnostics.isEmpty { throw ScenarioError(diagnostics: context.diagnostics) }
        guard let scenario else {
            throw ScenarioError(diagnostics: [ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid scenario.")])
        }
        return scenario
    }

    static func diagnostic(for error: YamlError, file: String) -> ConfigDiagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return ConfigDiagnostic(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(detail).")
        case .reader(let problem, _, _, _):
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(problem).")
        default:
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error).")
        }
    }
}
