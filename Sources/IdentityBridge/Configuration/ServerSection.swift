/// The configuration's `server:` mapping as written: each setting by its dotted path (`server.limits.idle_timeout`),
/// its text and where it is. The core checks its shape only (plain keys, nested mappings, scalar values); what a
/// setting means, its default and its range are the server's (`identity-server`'s `ServerSettings`, which refuses an
/// unknown path at its line). A `${VAR}` in it is not expanded: the environment overrides a setting by its own
/// variable instead.
///
/// ```yaml
/// server:
///   port: 8080
///   limits:
///     idle_timeout: 60s
/// ```
public struct ServerSection: Sendable, Equatable {
    /// One scalar setting.
    public struct Entry: Sendable, Equatable {
        /// The dotted path, from `server`.
        public var path: String
        /// The value as written.
        public var text: String
        /// The value's 1-based line.
        public var line: Int
        /// The value's 1-based column.
        public var column: Int

        /// Creates an entry.
        public init(path: String, text: String, line: Int, column: Int) {
            self.path = path
            self.text = text
            self.line = line
            self.column = column
        }
    }

    /// The file the section is in.
    public var file: String
    /// The settings, in file order.
    public var entries: [Entry]

    /// The deepest nesting of mappings under `server:`.
    package static let maxDepth = 4

    /// Creates a section.
    public init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// The setting at `path`.
    public func entry(_ path: String) -> Entry? { entries.first { $0.path == path } }

    /// The paths whose value differs from `other`'s (set, unset or changed), sorted; positions do not count.
    public func changedPaths(since other: ServerSection?) -> [String] {
        let mine = Dictionary(entries.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        let theirs = Dictionary((other?.entries ?? []).map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        return Set(mine.keys).union(theirs.keys).filter { mine[$0] != theirs[$0] }.sorted()
    }
}
