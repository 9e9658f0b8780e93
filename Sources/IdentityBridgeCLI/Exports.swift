#if TokenService
// The commands' frame (`CommandOutput`, `CommandRunner`) is part of this module's API: `CLIEnvironment`
// takes a `CommandOutput` (`CLIOutput`).
@_exported public import IdentityBridgeCommands
#endif
