#if TokenService
import ArgumentParser
import Foundation
import IdentityBridge
import IdentityBridgeCommands
import IdentityBridgeTesting

/// `identityctl demo`: logs a sample user in and out of every configured provider instance,
/// against the built-in vendor simulators, and shows the uniform events.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Log a sample user in and out of every configured provider, against the built-in simulators.",
        discussion: """
            Loads the configuration (default: config.example.yaml in the current directory), then for every app and provider instance logs a sample user in, shows the uniform events, logs out and shows the events again. Nothing leaves the machine: every vendor is simulated.

            Examples:
              identityctl demo
              identityctl demo --config staging.yaml --now 1767225600
            """)

    /// The sample user every provider logs in.
    static let sampleUser = UserIdentity(userId: "demo-user-1", email: "ann@example.com", name: "Ann Example")

    @Option(name: .long, help: ArgumentHelp("The YAML configuration file.", valueName: "file"))
    var config: String = "config.example.yaml"

    @OptionGroup var time: TimeOptions

    func run() async throws {
        let environment = CLIEnvironment.current
        let out = environment.output.stdout
        guard FileManager.default.fileExists(atPath: config) else {
            environment.output.stderr(
                "error: no configuration file at '\(config)'. Run 'identityctl demo' from the repository root (it reads config.example.yaml) or pass --config FILE."
            )
            throw ExitCode.failure
        }
        let configuration: IdentityConfiguration
        switch CommandSupport.loadConfiguration(config, environment: environment) {
        case .success(let loaded): configuration = loaded
        case .failure:
            environment.output.stderr(
                "error: \(config) is not a valid configuration (see above); 'identityctl validate \(config)' checks it.")
            throw ExitCode.failure
        }
        let clock = ManualClock(unixSeconds: time.now ?? SystemClock().unixSeconds())
        let vendors = SimulatedVendors(clock: clock, factories: environment.simulatorFactories)
        let context = vendors.context()
        let simulatedKinds = Set(environment.simulatorFactories.map(\.kind))
        let user = Self.sampleUser
        var failures = 0
        var count = 0

        out(
            "IdentityBridge demo: \(configuration.file), every vendor simulated, clock at \(ISO8601DateFormatter().string(from: clock.now()))."
        )
        out("Sample user: \(user.name ?? "-") <\(user.email ?? "-")>, user id \(user.userId ?? "-").")
        for app in configuration.apps {
            for instance in app.providers {
                count += 1
                out("")
                out("== app \(app.name) / provider \(instance.reference.name) (kind \(instance.reference.kind)) ==")
                guard simulatedKinds.contains(instance.reference.kind) else {
                    out("   skipped: no simulator is registered for kind \(instance.reference.kind).")
                    failures += 1
                    continue
                }
                do throws(IdentityError) {
                    let provider = try configuration.makeProvider(
                        app: app.name, provider: instance.reference.name, context: context)
                    let recorder = EventRecorder()
                    recorder.record(provider.eventHub)
                    out("   capabilities: \(provider.capabilities.names.joined(separator: ", "))")
                    let credential = try provider.credential(for: user)
                    out("   credential:   \(Self.preview(credential))")
                    out("-> login")
                    let session = try await provider.login(user)
                    out("   logged in as \(Self.describe(session.user))")
                    Self.show(recorder.drain(), out: out)
                    clock.advance(by: 60)
                    out("-> logout")
                    try await provider.logout()
                    if let current = await provider.currentUser() {
                        out("   now \(Self.describe(current))")
                    } else {
                        out("   no current user")
                    }
                    Self.show(recorder.drain(), out: out)
                } catch {
                    failures += 1
                    out("   failed: \(error.code): \(error.message)")
                }
            }
        }
        out("")
        if failures == 0 {
            out("Done: \(count) provider\(count == 1 ? "" : "s") logged the sample user in and out.")
            out("")
            for line in Self.tryNext(config: config, configuration: configuration) { out(line) }
        } else {
            out("Done: \(failures) of \(count) provider\(count == 1 ? "" : "s") failed (see above).")
            throw ExitCode.failure
        }
    }

    /// The demo's last lines: commands that run as written from the repository root (a test runs
    /// each), on the configuration the demo read and its first provider instance.
    static func tryNext(config: String, configuration: IdentityConfiguration) -> [String] {
        let path = shellQuoted(config)
        var commands = [("swift run identityctl validate \(path)", "check a configuration")]
        if let app = configuration.apps.first, let instance = app.providers.first {
            commands.append(
                (
                    "swift run identityctl token --config \(path) --app \(shellQuoted(app.name)) --provider \(shellQuoted(instance.reference.name)) --user-id \(sampleUser.userId ?? "u-1")",
                    "mint the sample user's credential"
                ))
        }
        commands.append(("swift run identityctl --help", "every command: verify, exchange, events, ..."))
        return ["Try next:"] + commands.map { "  \($0.0)    # \($0.1)" }
    }

    /// `text` as one shell word: as it is when it holds only safe characters, otherwise in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._/-=:+@%".unicodeScalars.contains($0))
            }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `vendor user id, external id, email, anonymous/authenticated`.
    static func describe(_ user: ProviderUser) -> String {
        var parts = ["vendor user \(user.vendorUserId)"]
        if let externalId = user.externalId { parts.append("external id \(externalId)") }
        if let email = user.email { parts.append(email) }
        parts.append(user.isAnonymous ? "anonymous" : "identified")
        parts.append(user.isAuthenticated ? "authenticated" : "not authenticated")
        return parts.joined(separator: ", ")
    }

    /// The credential's fields, long values shortened (tokens, never secrets).
    static func preview(_ credential: Credential) -> String {
        credential.fields.keys.sorted().map { key in
            let value = credential.fields[key]?.jsonString ?? "null"
            return "\(key)=" + (value.count > 24 ? String(value.prefix(21)) + "...\"" : value)
        }.joined(separator: " ")
    }

    static func show(_ events: [IdentityEvent], out: (String) -> Void) {
        if events.isEmpty { out("   (no events)") }
        for event in events {
            out("   event \(event.name.rawValue) \(event.payload.json.jsonString)")
        }
    }
}
#endif
