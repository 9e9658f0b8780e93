import Foundation
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

// What the README's and the DocC articles' examples print and answer, run: each example below is the
// document's, with the file path as a parameter and `print` going to a collector. That every Swift
// block of the documents compiles as shown is checked by its generated copy in
// Tests/*/DocumentationSnippets/ (.ci/docs_snippets.py; .ci/docs-check.sh fails when a copy is stale).

/// ConfigurationFile.md (DocC, IdentityBridge) "Load it in code".
private func readmeLoading(path: String, print: (Any) -> Void) {
    let loader = ConfigurationLoader(registry: StandardProviders.registry)
    do {
        let configuration = try loader.load(path: path)
        print(configuration.apps.map(\.name))
    } catch {
        for diagnostic in error.diagnostics { print(diagnostic) }  // FILE:LINE:COLUMN: error: MESSAGE
    }
}

/// GettingStarted.md (DocC, IdentityBridge) "Sessions: the IdentityProvider protocol": embedding it.
private func readmeEmbedding(path: String, user: UserIdentity, print: (Any) -> Void) async throws {
    let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: path)

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

/// README "Use it in a backend": the backend example.
private func readmeBackend(path: String, user: UserIdentity, print: (Any) -> Void) throws {
    let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: path)
    let issuer = try configuration.makeIssuer(app: "demo", provider: "zendesk-chat")
    do {
        let credential = try issuer.issue(for: user)
        print(credential.fields)  // ["jwt": "eyJ..."]; Credential is Codable
    } catch {
        print((error.httpStatus, error.code, error.field ?? "-", error.message))  // 422 value_too_long external_id ...
    }
}

/// GettingStarted.md (DocC, IdentityBridge) "Serve the JWT endpoint": the resolveUser mode of the Support JWT endpoint.
private func readmeResolveUser(
    path: String, sessions: [String: UserIdentity], body: String, contentType: String?
) async throws -> TokenExchangeEndpoint.Response {
    let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: path)
    let exchanger = try configuration.makeTokenExchanger(app: "demo", provider: "zendesk-support")
    let endpoint = TokenExchangeEndpoint(
        exchanger: exchanger,
        mode: .resolveUser { sessionToken throws(IdentityError) in
            guard let user = sessions[sessionToken] else {  // your lookup; throw token_invalid to refuse (401)
                throw IdentityError(.tokenInvalid, message: "Unknown session.")
            }
            return user
        })
    let response = await endpoint.handle(formBody: body, contentType: contentType)  // status + JSON body
    return response
}

/// Collects what an example printed.
private final class Printed {
    var values: [Any] = []
    func print(_ value: Any) { values.append(value) }
}

@Suite("README and DocC examples compile and do what the docs say")
struct ReadmeExamplesTests {
    @Test("Use it in a backend: a JWT for a valid user; 422 value_too_long naming external_id for a too-long id")
    func backend() throws {
        let printed = Printed()
        try readmeBackend(
            path: exampleConfiguration, user: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"), print: printed.print)
        #expect((printed.values.first as? [String: JSONValue])?["jwt"] != nil)
        let long = String(repeating: "x", count: 300)
        try readmeBackend(
            path: exampleConfiguration, user: UserIdentity(userId: long, email: "ann@example.com", name: "Ann"), print: printed.print)
        let failure = try #require(printed.values.last as? (Int, IdentityError.Code, String, String))
        #expect(failure.0 == 422)
        #expect(failure.1 == .valueTooLong)
        #expect(failure.2 == "external_id")
    }

    @Test("Getting started, the JWT endpoint: resolveUser maps the app's session token to a Zendesk JWT, 401 otherwise")
    func resolveUser() async throws {
        let sessions = ["s-1": UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")]
        let form = "application/x-www-form-urlencoded"
        let ok = try await readmeResolveUser(path: exampleConfiguration, sessions: sessions, body: "user_token=s-1", contentType: form)
        #expect(ok.status == 200)
        #expect(try DecodedJWT.decode(try #require(ok.jwt)).claims["external_id"] == "u-1")
        let refused = try await readmeResolveUser(path: exampleConfiguration, sessions: sessions, body: "user_token=s-2", contentType: form)
        #expect(refused.status == 401)
    }

    @Test("Configuration, load it in code: config.example.yaml loads; a broken file prints FILE:LINE:COLUMN diagnostics")
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

    @Test("Getting started, embedding: the jwt field is printed, an invalid user code/field/message, the events as commented")
    func embedding() async throws {
        let printed = Printed()
        try await readmeEmbedding(
            path: exampleConfiguration, user: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"), print: printed.print)
        let fields = try #require(printed.values.first as? [String: JSONValue])
        #expect(Array(fields.keys) == ["jwt"])
        #expect(fields["jwt"]?.stringValue?.hasPrefix("eyJ") == true)
        #expect(printed.values.last as? [String] == ["login_succeeded", "logged_out", "identity_reset"])

        let failing = Printed()
        try await readmeEmbedding(
            path: exampleConfiguration,
            user: UserIdentity(userId: String(repeating: "x", count: 201), email: "ann@example.com", name: "Ann"),
            print: failing.print)
        let error = try #require(failing.values.first as? (IdentityError.Code, String, String))
        #expect(error.0 == .valueTooLong)
        #expect(error.1 == "external_id")
    }
}
