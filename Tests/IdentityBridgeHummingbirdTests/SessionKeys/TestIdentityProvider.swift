import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeTestSupport
import JWTKit
import Synchronization
import Testing
import _CryptoExtras

/// An OpenID provider on loopback for the session-key tests: `/.well-known/openid-configuration`
/// (issuer `http://127.0.0.1:PORT`) and `/jwks`, whose keys, answer and misbehaviour a test sets,
/// and which counts what it served. It signs tokens with its keys as a provider does.
final class TestIdentityProvider: Sendable {
    /// How `/jwks` (or the discovery document) answers.
    struct Answer: Sendable {
        var status = 200
        /// Answers only when the provider stops serving (a provider that hangs): the service's own timeout is
        /// what ends the fetch, with no pause of the test's choosing.
        var hangs = false
        /// Replaces the key set (or document) when set.
        var body: String?
        var cacheControl: String? = "public, max-age=600"
        var location: String?
    }

    private struct State {
        var published: [String] = []
        var jwks: Answer = Answer()
        var discovery: Answer = Answer()
        var served: [String: Int] = [:]
    }
    private let state = Mutex(State())
    let keys = JWTKeyCollection()
    private let publicKeys = Mutex<[String: JSONValue]>([:])
    /// Fired when ``serve(_:)``'s test ends: what a hanging answer waits for.
    private let stopped = Occurrence()

    /// Adds a key (`ES256`, or `RS256`) and publishes it (first, as providers list the signing key).
    func addKey(_ kid: String, algorithm: String = "ES256") async throws {
        let jwk: JSONValue
        if algorithm == "ES256" {
            let key = ES256PrivateKey()
            let parameters = try #require(key.publicKey.parameters)
            await keys.add(ecdsa: key, kid: JWKIdentifier(string: kid))
            jwk = ["kty": "EC", "crv": "P-256", "use": "sig", "kid": .string(kid), "x": .string(parameters.x), "y": .string(parameters.y)]
        } else {
            let key = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
            let primitives = try key.publicKey.getKeyPrimitives()
            await keys.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
            jwk = [
                "kty": "RSA", "use": "sig", "kid": .string(kid), "n": .string(primitives.modulus.base64URLEncodedString()),
                "e": .string(primitives.publicExponent.base64URLEncodedString()),
            ]
        }
        publicKeys.withLock { $0[kid] = jwk }
        state.withLock { $0.published.insert(kid, at: 0) }
    }

    /// Publishes `kid` with `"alg": algorithm` and `"use": use` (a key for an algorithm the service may not allow).
    func publish(_ kid: String, algorithm: String, use: String = "sig") {
        publicKeys.withLock { keys in
            guard case .object(var members)? = keys[kid] else { return }
            members["alg"] = .string(algorithm)
            members["use"] = .string(use)
            keys[kid] = .object(members)
        }
    }

    /// Stops publishing `kid` (the provider retired it).
    func retire(_ kid: String) { state.withLock { $0.published.removeAll { $0 == kid } } }

    /// Sets how `/jwks` answers.
    func answerKeys(_ answer: Answer) { state.withLock { $0.jwks = answer } }

    /// Sets how the discovery document answers.
    func answerDiscovery(_ answer: Answer) { state.withLock { $0.discovery = answer } }

    /// How many times `path` was served.
    func served(_ path: String) -> Int { state.withLock { $0.served[path] ?? 0 } }

    /// A token of this provider for `port`'s issuer, signed by `kid`.
    func token(
        port: Int, kid: String, sub: String? = "u-7", email: String? = "ann@example.com", name: String = "Ann Example",
        emailVerified: Bool? = nil,
        audience: String = "demo-app", issuer: String? = nil
    ) async throws -> String {
        var claims: [String: JSONValue] = [
            "iss": .string(issuer ?? "http://127.0.0.1:\(port)"), "aud": .string(audience),
            "exp": .int(Int64(Date().timeIntervalSince1970) + 600), "name": .string(name),
        ]
        if let sub { claims["sub"] = .string(sub) }
        if let email { claims["email"] = .string(email) }
        if let emailVerified { claims["email_verified"] = .bool(emailVerified) }
        return try await keys.sign(ProviderClaims(claims: claims), kid: JWKIdentifier(string: kid))
    }

    /// The provider's routes.
    var router: Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.get("/.well-known/openid-configuration") { request, _ in
            let base = "http://\(request.head.authority ?? "127.0.0.1")"
            let document: JSONValue = ["issuer": .string(base), "jwks_uri": .string("\(base)/jwks")]
            return try await self.answer("discovery", document.jsonString, discovery: true)
        }
        for path in ["/jwks", "/jwks-moved"] {
            router.get(RouterPath(path)) { _, _ in
                let keys = self.publicKeys.withLock { keys in self.state.withLock { $0.published }.compactMap { keys[$0] } }
                return try await self.answer(path, JSONValue.object(["keys": .array(keys)]).jsonString, discovery: false)
            }
        }
        return router
    }

    private func answer(_ path: String, _ document: String, discovery: Bool) async throws -> Response {
        let answer = state.withLock { state in
            state.served[path, default: 0] += 1
            return discovery ? state.discovery : state.jwks
        }
        if answer.hangs { await stopped.wait() }
        var headers: HTTPFields = [.contentType: "application/json"]
        if let cacheControl = answer.cacheControl { headers[.cacheControl] = cacheControl }
        if let location = answer.location { headers[.location] = location }
        return Response(
            status: .init(code: answer.status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.body ?? document)))
    }

    /// Runs `test` with the provider listening on a loopback port.
    func serve(_ test: @Sendable (Int) async throws -> Void) async throws {
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            defer { stopped.fire() }
            try await test(try #require(client.port))
        }
    }
}

/// The claims of a provider's token, as given.
struct ProviderClaims: JWTPayload {
    let claims: [String: JSONValue]
    init(claims: [String: JSONValue]) { self.claims = claims }
    init(from decoder: any Decoder) throws { claims = try JSONValue(from: decoder).objectValue ?? [:] }
    func encode(to encoder: any Encoder) throws { try JSONValue.object(claims).encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
