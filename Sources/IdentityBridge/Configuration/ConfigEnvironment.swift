public import Foundation

/// Where `${VAR}` references and `*_file:` secrets are resolved. Injectable for tests.
public struct ConfigEnvironment: Sendable {
    /// The environment variables.
    public var variables: [String: String]
    /// Reads a secret file; relative paths are resolved against the configuration file's folder.
    public var readFile: @Sendable (String) throws -> String

    /// Creates an environment.
    public init(variables: [String: String], readFile: @escaping @Sendable (String) throws -> String = ConfigEnvironment.readFromDisk) {
        self.variables = variables
        self.readFile = readFile
    }

    /// The process environment and the real file system.
    public static var process: ConfigEnvironment { ConfigEnvironment(variables: ProcessInfo.processInfo.environment) }

    /// Reads a UTF-8 file from disk.
    public static let readFromDisk: @Sendable (String) throws -> String = { path in
        try String(contentsOfFile: path, encoding: .utf8)
    }
}
