#if TokenService
// The commands' frame (`CommandOutput`, `CommandRunner`) is part of this module's API: `ServerEnvironment`
// takes a `CommandOutput`.
@_exported public import IdentityBridgeCommands
#endif
