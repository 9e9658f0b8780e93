import Foundation
import IdentityBridge
import IdentityBridgeTesting
import IdentityBridgeSimulators
import IdentityBridgeStandard
import Testing

// The README's Swift examples, copied verbatim (only the file path is a parameter, and `print`
// goes to a collector), so a README that drifts from the real API stops compiling here.

/// README "Loading in code".
private func readmeLoading(path: String, print: (Any) -> Void) {
    let loader = ConfigurationLoader(registry: StandardProviders.registry)
    do {
        let configuration = try loader.load(path: path)
        print(configuration.apps.map(\.name))
    } catch {
        for diagnostic in error.diagnostics { print(diagnostic) }  // FILE:LINE:COLUMN: error: MESSAGE
    }
}

/// README "Embedding it".
private func readmeEmbedding(path: String, user: UserIdentity, print: (Any) -> Void) async throws {
    let registry = StandardProviders.registry
    let configuration = try ConfigurationLoader(registry: registry).load(path: path)

    // Backend only: issue what the client app hands the vendor SDK.
    let issuer = try configuration.makeIssuer(app: "demo", provider: "zendesk-chat", context: IssuerContext(clock: SystemClock()))
    do {
        let credential = try issuer.issue(for: user)
        print(credential.fields)  // ["jwt": "eyJ..."]
    } catch {
        print((error.code, error.field ?? "-", error.message))  // e.g. value_too_long external_id ...
    }

    // A full session, here against the built-in simulators.
    let vendors = SimulatedVendors(clock: ManualClock(unixSeconds: 1_767_225_600))
    let provider = try configuration.makeProvider(app: "demo", provider: "zendesk-chat", context: vendors.context())
    let recorder = EventRecorder()
    recorder.record(provider.eventHub)  // or: for await event in provider.events()
    _ = try await provider.login(UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
    try await provider.logout()
    print(recorder.names.map(\.rawValue))  // ["login_succeeded", "logged_out", "identity_reset"]
}

/// Collects what an example printed.
private final class Printed {
    var values: [Any] = []
    func print(_ value: Any) { values.append(value) }
}

@Suite("README examples compile and do what the README says")
struct ReadmeExamplesTests {
    @Test("Loading in code: config.example.yaml loads; a broken file prints FILE:LINE:COLUMN diagnostics")
    func loading() throws {
        let printed = Printed()
        readmeLoading(path: exampleConfiguration, print: printed.print)
        #expect(printed.values.first as? [String] == ["demo"])

        let broken = try temporaryFile("apps:\n  web:\n    providers:\n      - kind: zendesk-chat\n        token_lifetime: 8m\n")
        let diagnostics = Printed()
        readmeLoading(path: broken, print: diagnostics.print)
        let lines = diagnostics.values.map { "\($0)" }
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("\(broken):") && $0.contains(": error: ") }, "\(lines)")
    }

    @Test("Embedding it: the issuer prints the jwt field, an invalid user prints code/field/message, the session events are as commented")
    func embedding() async throws {
        let printed = Printed()
        try await readmeEmbedding(path: exampleConfiguration, user: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"), print: printed.print)
        let fields = try #require(printed.values.first as? [String: JSONValue])
        #expect(Array(fields.keys) == ["jwt"])
        #expect(fields["jwt"]?.stringValue?.hasPrefix("eyJ") == true)
        #expect(printed.values.last as? [String] == ["login_succeeded", "logged_out", "identity_reset"])

        let failing = Printed()
        try await readmeEmbedding(
            path: exampleConfiguration, user: UserIdentity(userId: String(repeating: "x", count: 201), email: "ann@example.com", name: "Ann"),
            print: failing.print)
        let error = try #require(failing.values.first as? (IdentityError.Code, String, String))
        #expect(error.0 == .valueTooLong)
        #expect(error.1 == "external_id")
    }
}
