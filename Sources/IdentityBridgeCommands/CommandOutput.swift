#if TokenService
import Foundation
public import IdentityBridge

/// Where a command writes (`identityctl`, `identity-server`): machine output (one JSON object per line) to `stdout`, human
/// messages to `stderr`. `identityctl`'s tests capture both.
public struct CommandOutput: Sendable {
    /// Writes one line (without its newline) to standard output.
    public var stdout: @Sendable (String) -> Void
    /// Writes one line (without its newline) to standard error.
    public var stderr: @Sendable (String) -> Void

    /// Creates an output from two line writers.
    public init(stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void) {
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The process's standard output and standard error.
    public static var standard: CommandOutput {
        CommandOutput(
            stdout: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            stderr: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// Writes `value` as one compact JSON line on standard output.
    public func json(_ value: JSONValue) { stdout(value.jsonString) }
}
#endif
