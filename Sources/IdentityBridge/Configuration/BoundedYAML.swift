import Foundation
package import Yams

/// The one way the package reads YAML (configurations and scenarios): the file is read through
/// ``BoundedFile`` (at most `maxFileSize` bytes), must be UTF-8 text without NUL bytes, and is
/// composed and normalized (merge keys resolved) with one cap on the nodes it may expand to,
/// ``maxNodes``, so that a document built to explode through aliases is refused at once; an alias
/// inside a mapping key is refused before composing (see `YAMLKeyScan`).
package enum BoundedYAML {
    /// The largest YAML file read.
    package static let maxFileSize = 1_048_576
    /// The most nodes a document may have once every alias is followed.
    package static let maxNodes = YAMLNormalizer.maxNodes

    /// A composed document: the root with merge keys resolved, and the problems found on the way
    /// (malformed merge keys), for the caller to report with its own.
    package struct Document {
        /// The root node.
        package var root: Node
        /// Problems found while normalizing.
        package var problems: [(message: String, mark: Mark?)]
    }

    /// The file's text; `what` ("configuration", "scenario") names it in diagnostics.
    package static func readText(path: String, what: String) throws(ConfigurationError) -> String {
        let data: Data
        do {
            data = try BoundedFile.read(path: path, limit: maxFileSize)
        } catch {
            let message =
                switch error {
                case .notFound: "no such \(what) file '\(path)'."
                case .directory: "'\(path)' is a directory, not a \(what) file."
                case .tooLarge(let size, let limit): "\(what) file is \(size) bytes; the limit is \(limit) bytes."
                case .notRegularFile, .unreadable: "cannot read \(what) file '\(path)': \(error.description)."
                }
            throw fail(message, file: path)
        }
        return try text(data, file: path, what: what)
    }

    /// `data` as text: at most `maxFileSize` bytes of UTF-8 without NUL bytes.
    package static func text(_ data: Data, file: String, what: String) throws(ConfigurationError) -> String {
        guard data.count <= maxFileSize else {
            throw fail("\(what) is \(data.count) bytes; the limit is \(maxFileSize) bytes.", file: file)
        }
        if data.contains(0) { throw fail("\(what) is a binary file (it contains NUL bytes), not YAML.", file: file) }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("\(what) is not valid UTF-8 text.", file: file) }
        return text
    }

    /// The document in `text`, or `nil` when it is empty (or only `null`).
    package static func compose(_ text: String, file: String, what: String) throws(ConfigurationError) -> Document? {
        guard text.utf8.count <= maxFileSize else {
            throw fail("\(what) is \(text.utf8.count) bytes; the limit is \(maxFileSize) bytes.", file: file)
        }
        // Composing hashes every mapping key whole, aliases followed: an alias inside a key is refused
        // first. Elsewhere an alias is the anchored node itself, and the normalizer's budget bounds the walk.
        let scan = YAMLKeyScan(text)
        if let at = scan.aliasInKey {
            throw ConfigurationError(diagnostics: [
                ConfigDiagnostic(
                    file: file, line: at.line, column: at.column,
                    message:
                        "an alias inside a mapping key; keys are compared whole, so an aliased key may expand without bound: write the key out."
                )
            ])
        }
        if scan.nodes > maxNodes { throw fail(tooManyNodes(what, aliases: false), file: file) }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError(diagnostics: [diagnostic(for: error, file: file, text: text)])
        } catch {
            throw fail("invalid YAML.", file: file)
        }
        guard let root, root.null == nil else { return nil }
        var normalizer = YAMLNormalizer()
        let normalized = normalizer.normalize(root)
        if normalizer.exhausted { throw fail(tooManyNodes(what, aliases: scan.aliases > 0), file: file) }
        return Document(root: normalized, problems: normalizer.problems)
    }

    /// Says what was exceeded: the nodes written in the file, or what its aliases expand to.
    private static func tooManyNodes(_ what: String, aliases: Bool) -> String {
        aliases
            ? "\(what) expands to more than \(maxNodes) YAML nodes through aliases (the limit); simplify its anchors."
            : "\(what) has more than \(maxNodes) YAML nodes (the limit, no alias involved); split it into smaller files."
    }

    private static func fail(_ message: String, file: String) -> ConfigurationError {
        ConfigurationError(diagnostics: [ConfigDiagnostic(file: file, line: 1, column: 1, message: message)])
    }

    /// A YAML syntax error as a diagnostic at the node at fault; values are quoted by prefix only.
    static func diagnostic(for error: YamlError, file: String, text: String) -> ConfigDiagnostic {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? "?"
            let first = context.mark
            let mark = locateDuplicateKey(key, after: first, in: text) ?? (first.line, first.column)
            return ConfigDiagnostic(
                file: file, line: mark.line, column: mark.column,
                message:
                    "duplicate key \(ConfigDiagnostic.quoted(key)) (first set at line \(first.line), column \(first.column)); each key may appear once in a mapping."
            )
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            // At the end of the file the construct left open (a quote, a bracket) is the node at fault.
            let at = problem.contains("end of stream") ? (context?.mark ?? mark) : mark
            return ConfigDiagnostic(file: file, line: at.line, column: at.column, message: "invalid YAML: \(detail.prefix(200)).")
        case .reader(let problem, _, _, _):
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(problem.prefix(200)).")
        default:
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML.")
        }
    }
}
