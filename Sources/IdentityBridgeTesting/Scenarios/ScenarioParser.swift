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
    package static let maxFileSize = BoundedYAML.maxFileSize

    /// Every step keyword, in documentation order.
    package static let stepKeywords = [
        "login", "client_login", "logout", "reset_identity", "advance", "set", "send_message", "vendor_event", "foreground", "expect",
    ]
    /// Every expectation keyword.
    package static let expectationKeywords = ["event", "data", "no_event", "events", "error", "no_error", "user", "users", "conversations"]

    /// Creates a parser.
    public init() {}

    /// Reads and parses the file at `path` (symbolic links followed; the opened file must be a
    /// regular file of at most `maxFileSize` bytes, and no more than that is ever read).
    public func parse(path: String) throws(ScenarioError) -> Scenario {
        let text: String
        do { text = try BoundedYAML.readText(path: path, what: "scenario") } catch { throw ScenarioError(diagnostics: error.diagnostics) }
        return try parse(yaml: text, file: path)
    }

    /// Parses scenario text; `file` names it in diagnostics and defaults the scenario's name.
    /// The YAML is read as configurations are, with the same cap on alias expansion.
    public func parse(yaml: String, file: String) throws(ScenarioError) -> Scenario {
        let context = ParseContext(file: file)
        let document: BoundedYAML.Document?
        do { document = try BoundedYAML.compose(yaml, file: file, what: "scenario") } catch {
            throw ScenarioError(diagnostics: error.diagnostics)
        }
        guard let root = document?.root, root.mapping != nil else {
            let root = document?.root
            throw ScenarioError(diagnostics: [
                ConfigDiagnostic(
                    file: file, line: root?.mark?.line ?? 1, column: root?.mark?.column ?? 1,
                    message: "a scenario is a mapping with 'app:' and 'steps:'.")
            ])
        }
        for problem in document?.problems ?? [] { context.report(problem.message, atMark: problem.mark) }
        let scenario = context.readScenario(root)
        if !context.diagnostics.isEmpty { throw ScenarioError(diagnostics: context.diagnostics) }
        guard let scenario else {
            throw ScenarioError(diagnostics: [ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid scenario.")])
        }
        return scenario
    }
}
