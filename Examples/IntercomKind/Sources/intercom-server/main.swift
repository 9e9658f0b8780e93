// `identityctl serve` / `identity-server` with one more kind: the same ServeCommand (options, routes,
// reloads, drain), run by IdentityServer with a registry of the four standard kinds plus `intercom`.
import Foundation
import IdentityBridge
import IdentityBridgeServer
import IdentityBridgeStandard
import IntercomKind

var registry = StandardProviders.registry
registry.register(IntercomPlugin())
let status = await IdentityServer.run(
    Array(CommandLine.arguments.dropFirst()), environment: ServerEnvironment(registry: registry, programName: "intercom-server"))
exit(status)
