#if TokenService
package import ArgumentParser

/// Runs a root command as `identityctl` and `identity-server` do: parses `arguments` (without the
/// program name), runs the command and returns the exit status; usage errors print on `output`'s
/// stderr and return 2, help and version print on its stdout and return 0.
package enum CommandRunner {
    /// The exit status of a usage error (wrong or missing arguments).
    package static let usageExitCode: Int32 = 2

    /// Parses and runs `Root` with `arguments`; nothing is printed except through `output`.
    package static func run<Root: ParsableCommand>(_ root: Root.Type, _ arguments: [String], output: CommandOutput) async -> Int32 {
        do {
            var command = try Root.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let status = Root.exitCode(for: error)
            let message = Root.fullMessage(for: error)
            if status == .success {
                if !message.isEmpty { output.stdout(message) }
                return 0
            }
            if !message.isEmpty { output.stderr(message) }
            return status == .validationFailure ? usageExitCode : status.rawValue
        }
    }
}
#endif
