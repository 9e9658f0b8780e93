import Foundation
import PackagePlugin

/// Build-tool plugin: for a target whose folder holds `identity.yaml` (or `identity.yml`), checks it
/// whenever it changes (the same checks as `identityctl validate`, against the built-in kinds, with
/// placeholders for `${VAR}` references and `*_file:` secrets) and generates `IdentityConfig.swift`
/// (`IdentityConfig.Apps.<app>.<instance>` constants). A broken file fails the build with
/// `PATH:LINE:COLUMN: error: MESSAGE` lines. A target with no such file is skipped.
///
/// A kind from another package is unknown here (a build plugin runs only its own tools): such a package
/// ships its own plugin around its checker, as `Examples/IntercomKind`'s `IntercomConfigPlugin` does.
@main
struct IdentityConfigPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        guard let input = IdentityConfigFiles.single(in: target.directoryURL) else { return [] }
        return [
            try IdentityConfigFiles.command(
                tool: context.tool(named: "IdentityConfigTool").url, input: input, workDirectory: context.pluginWorkDirectoryURL)
        ]
    }
}

/// Finding a target's configuration and the command that turns it into Swift.
enum IdentityConfigFiles {
    /// The names a target's configuration may have.
    static let names = ["identity.yaml", "identity.yml"]

    /// The one configuration file directly in `directory`, `nil` when there is none; two is an error naming both.
    static func single(in directory: URL) -> URL? {
        let found = names.map { directory.appending(path: $0) }.filter { FileManager.default.fileExists(atPath: $0.path) }
        guard found.count < 2 else {
            let message =
                "\(directory.path) holds both \(found.map(\.lastPathComponent).joined(separator: " and ")); "
                + "keep one identity configuration per target (\(found.map(\.path).joined(separator: ", ")))."
            // An error diagnostic stops the build (a thrown error would print the message twice).
            Diagnostics.error(message, file: found[1].path, line: 1)
            return nil
        }
        return found.first
    }

    /// Checks `input` and writes `IdentityConfig.swift` into the plugin work directory; re-runs when `input` changes.
    static func command(tool: URL, input: URL, workDirectory: URL) -> Command {
        let output = workDirectory.appending(path: "IdentityConfig.swift")
        return .buildCommand(
            displayName: "Checking \(input.lastPathComponent) and generating IdentityConfig.swift",
            executable: tool, arguments: ["generate", input.path, output.path],
            inputFiles: [input], outputFiles: [output])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension IdentityConfigPlugin: XcodeBuildToolPlugin {
    /// In an Xcode project: the target's `identity.yaml` / `identity.yml` among its input files.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let found = target.inputFiles.map(\.url).filter { IdentityConfigFiles.names.contains($0.lastPathComponent) }
        guard found.count < 2 else {
            let message =
                "target \(target.displayName) holds \(found.map(\.path).joined(separator: " and ")); keep one identity configuration per target."
            Diagnostics.error(message, file: found[1].path, line: 1)
            return []
        }
        guard let input = found.first else { return [] }
        return [
            IdentityConfigFiles.command(
                tool: try context.tool(named: "IdentityConfigTool").url, input: input, workDirectory: context.pluginWorkDirectoryURL)
        ]
    }
}
#endif
