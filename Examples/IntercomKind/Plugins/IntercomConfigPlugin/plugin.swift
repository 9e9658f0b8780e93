import Foundation
import PackagePlugin

/// Build-tool plugin: IdentityBridge's `IdentityConfigPlugin` with this package's `identity-config-checker`
/// (the standard kinds plus `intercom`) as its tool. A build plugin can run only the tools among its own
/// dependencies, so IdentityBridge's plugin cannot run this package's checker; a package that adds kinds
/// ships this much. For a target whose folder holds `identity.yaml` (or `identity.yml`), it checks the file
/// whenever it changes and generates `IdentityConfig.swift`; a broken file fails the build with
/// `PATH:LINE:COLUMN: error: MESSAGE` lines.
@main
struct IntercomConfigPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        let found = ["identity.yaml", "identity.yml"].map { target.directoryURL.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        guard let input = found.first else { return [] }
        guard found.count == 1 else {
            Diagnostics.error("target \(target.name) holds both identity.yaml and identity.yml; keep one.", file: found[1].path, line: 1)
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "IdentityConfig.swift")
        return [
            .buildCommand(
                displayName: "Checking \(input.lastPathComponent) with identity-config-checker and generating IdentityConfig.swift",
                executable: try context.tool(named: "identity-config-checker").url, arguments: ["generate", input.path, output.path],
                inputFiles: [input], outputFiles: [output])
        ]
    }
}
