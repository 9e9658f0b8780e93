import Foundation
import PackagePlugin

/// Command plugin, verb `identity-config`:
///
///     swift package identity-config validate [--target T]... [PATH...]
///
/// Checks the `identity.yaml` / `identity.yml` of every target of the package (or of the targets
/// named) and every PATH given (relative to the package folder), exactly as the build plugin does;
/// prints one `PATH:LINE:COLUMN: error: MESSAGE` line per problem and fails when any file has one.
/// Reads files only: no network, no writes.
///
/// The checker: when the package declares an executable product named ``checkerProduct`` (its own
/// `IdentityConfigCommandLine(registry:)` with the provider kinds it registers), the command builds it and
/// checks with it; otherwise with IdentityBridge's `IdentityConfigTool` (the built-in kinds). Its first
/// line says which one ran.
@main
struct IdentityConfigCommand: CommandPlugin {
    static let usage = "usage: swift package identity-config validate [--target TARGET]... [PATH...]"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let rest = extractor.remainingArguments
        guard rest.first == "validate" else {
            throw CommandError(description: "expected the subcommand 'validate'.\n\(Self.usage)")
        }
        if let option = rest.dropFirst().first(where: { $0.hasPrefix("-") }) {
            throw CommandError(description: "unknown option '\(option)'.\n\(Self.usage)")
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        var files: [String] = []
        var twoInOneTarget = false
        for case let target as any SourceModuleTarget in targets {
            let found = ["identity.yaml", "identity.yml"].map { target.directoryURL.appending(path: $0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
            if found.count > 1 {
                Diagnostics.error(
                    "target \(target.name) holds both \(found.map(\.path).joined(separator: " and ")); keep one identity configuration per target.",
                    file: found[1].path, line: 1)
                twoInOneTarget = true
            }
            files += found.map(\.path)
        }
        let package = context.package.directoryURL
        files += rest.dropFirst().map { $0.hasPrefix("/") ? $0 : package.appending(path: $0).path }
        guard !files.isEmpty else {
            print(
                "No identity.yaml or identity.yml in \(targetNames.isEmpty ? "any target" : "targets \(targetNames.joined(separator: ", "))"); nothing to check."
            )
            return
        }
        let checker = try chooseChecker(context: context)
        print("Checking with \(checker.name).")
        let process = Process()
        process.executableURL = checker.url
        process.arguments = ["validate"] + files
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw CommandError(
                description: "identity configuration check failed (\(files.count) \(files.count == 1 ? "file" : "files") checked).")
        }
        if twoInOneTarget { throw CommandError(description: "a target holds two identity configurations.") }
    }

    /// The executable product by which a package brings its own checker: a `main.swift` that runs
    /// `IdentityConfigCommandLine(registry:output:errors:)` with the standard kinds plus the package's own.
    static let checkerProduct = "identity-config-checker"

    /// The package's ``checkerProduct``, built now, when it declares one; otherwise IdentityBridge's `IdentityConfigTool`.
    func chooseChecker(context: PluginContext) throws -> (url: URL, name: String) {
        let package = context.package.displayName
        guard let product = context.package.products.first(where: { $0.name == Self.checkerProduct }) else {
            return (try context.tool(named: "IdentityConfigTool").url, "IdentityBridge's IdentityConfigTool (the built-in kinds)")
        }
        guard product is ExecutableProduct else {
            throw CommandError(
                description: "product '\(Self.checkerProduct)' of \(package) must be an executable (it is the package's checker).")
        }
        let result = try packageManager.build(
            .product(Self.checkerProduct), parameters: .init(configuration: .debug, logging: .concise))
        let built = result.builtArtifacts.first { $0.kind == .executable && $0.url.lastPathComponent == Self.checkerProduct }
        guard result.succeeded, let built else {
            print(result.logText)
            throw CommandError(description: "cannot build \(package)'s checker, product '\(Self.checkerProduct)' (its build log is above).")
        }
        return (built.url, "\(Self.checkerProduct), the checker of \(package)")
    }
}

/// A failed command, with its message.
struct CommandError: Error, CustomStringConvertible {
    let description: String
}
