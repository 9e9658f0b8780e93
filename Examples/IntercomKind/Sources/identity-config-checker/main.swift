// IdentityBridge's configuration checker with one more kind: the standard kinds plus `intercom`. The tool of
// IntercomConfigPlugin (build time) and, by its product name, of `swift package identity-config validate`.
import Foundation
import IdentityBridge
import IdentityBridgeStandard
import IdentityConfigGenerator
import IntercomKind

var registry = StandardProviders.registry
registry.register(IntercomPlugin())
let commandLine = IdentityConfigCommandLine(
    registry: registry, output: { print($0) }, errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(commandLine.run(Array(CommandLine.arguments.dropFirst())))
