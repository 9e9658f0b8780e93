public import ArgumentParser

/// The `identityctl` command.
public struct IdentityCTL: AsyncParsableCommand {
    /// The command's configuration.
    public static let configuration = CommandConfiguration(commandName: "identityctl", abstract: "IdentityBridge tools.")
    /// Creates the command.
    public init() {}
    /// Runs the command.
    public func run() async throws {}
}
