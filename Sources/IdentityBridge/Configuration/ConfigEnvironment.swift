import Foundation

/// Where `${VAR}` references and `*_file:` secrets are resolved. Injectable for tests.
public struct ConfigEnvironment: Sendable {
    /// The environment variables.
    public var variables: [String: String]
    /// Reads a secret file; relative paths are resolved against the configuration file's folder.
    package var readFile: @Sendable (String) throws -> String
    /// What a `${VAR}` reference without a `:-default` becomes when `VAR` is not set: `nil` (the
    /// default) reports the variable as missing; ``placeholders`` sets it to `placeholder(for:)`.
    package var unsetVariable: (@Sendable (String) -> String)?

    /// Creates an environment.
    public init(variables: [String: String], readFile: @escaping @Sendable (String) throws -> String = ConfigEnvironment.readFromDisk) {
        self.variables = variables
        self.readFile = readFile
    }

    /// The process environment and the real file system.
    public static var process: ConfigEnvironment { ConfigEnvironment(variables: ProcessInfo.processInfo.environment) }

    /// The largest secret file read (64 KiB): a secret is a short line, and a device such as
    /// `/dev/zero` must not be read forever.
    package static let maxSecretFileSize = 65_536

    /// Reads a UTF-8 file from disk through `BoundedFile` (symbolic links followed, as mounted
    /// secrets use them; only a regular file of at most `maxSecretFileSize` bytes, checked on the
    /// opened file); fails with a ``SecretFileError`` that says why.
    public static let readFromDisk: @Sendable (String) throws -> String = { path in
        let data: Data
        do throws(BoundedFileError) { data = try BoundedFile.read(path: path, limit: maxSecretFileSize) } catch {
            if case .tooLarge = error { throw SecretFileError("it is over \(maxSecretFileSize) bytes; a secret file holds one secret") }
            throw SecretFileError(error.description)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw SecretFileError("it is not UTF-8 text") }
        return text
    }
}

/// Why a secret file could not be read; its description goes into the configuration diagnostic.
public struct SecretFileError: Error, CustomStringConvertible, Sendable {
    /// The reason, e.g. "no such file".
    public let description: String
    /// Creates an error with its reason.
    public init(_ description: String) { self.description = description }
}
