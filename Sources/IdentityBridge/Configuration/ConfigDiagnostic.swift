/// One configuration problem, pointing at the YAML node at fault.
///
/// `description` is the compiler-style line `FILE:LINE:COLUMN: error: MESSAGE`.
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The file (as given to the loader).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1 (counted in Unicode scalars).
    public var column: Int
    /// What is wrong and how to fix it.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// A configuration that could not be loaded: every problem found, in file order.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem, sorted by line and column.
    public var diagnostics: [ConfigDiagnostic]
    /// The files the refused load read or tried (see ``ConfigurationInputs``): a watcher keeps
    /// watching them, so that the fix of a missing or broken file is picked up.
    public var inputs = ConfigurationInputs()

    /// Creates an error from its diagnostics (sorted by position).
    public init(diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    /// Errors are equal when their diagnostics are (the inputs read on the way do not count).
    public static func == (lhs: ConfigurationError, rhs: ConfigurationError) -> Bool { lhs.diagnostics == rhs.diagnostics }
    /// Hashes the diagnostics.
    public func hash(into hasher: inout Hasher) { hasher.combine(diagnostics) }

    /// One diagnostic line per problem.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// The error as a uniform `IdentityError` (`configuration_invalid`).
    package var identityError: IdentityError {
        IdentityError(
            .configurationInvalid, message: description,
            recovery: "Fix each line reported; `identityctl validate FILE` checks a configuration.")
    }
}

/// A secret (or API key) that resolved from the default of a `${VAR:-default}` reference: a
/// development value that must not reach production unnoticed.
package struct DevelopmentSecret: Hashable, Sendable, CustomStringConvertible {
    /// The setting's path, e.g. `apps.demo.providers[0].secret` or `apps.demo.service.api_keys[0]`.
    package var setting: String
    /// The configuration file.
    package var file: String
    /// The 1-based line of the reference.
    package var line: Int
    /// The 1-based column of the reference.
    package var column: Int

    /// Creates a record.
    package init(setting: String, file: String, line: Int, column: Int) {
        self.setting = setting
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN: SETTING` (never the value).
    package var description: String { "\(file):\(line):\(column): \(setting)" }
}
