#if TokenService
import ArgumentParser
import IdentityBridgeCommands

extension IdentityCTL {
    /// Every `identityctl` subcommand, in help order. Add a command here to make it available.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        ValidateCommand.self,
        TokenCommand.self,
        VerifyCommand.self,
        ExchangeCommand.self,
        EventsCommand.self,
        DemoCommand.self,
        RunCommand.self,
        ServeMovedCommand.self,
    ]
}
#endif
