import Foundation
import IdentityBridgeClient
import Synchronization
import Testing

/// A compact JWT with `claims` and a signature no one checks: the stand-ins read the payload only (the vendors'
/// backends verify signatures; the token service's tests cover signing).
func unsignedJWT(_ claims: [String: Any]) -> String {
    func part(_ object: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    return part(["alg": "HS256", "typ": "JWT"]) + "." + part(claims) + ".c2lnbmF0dXJl"
}

/// Now, in whole seconds since 1970.
var now: Int { Int(Date().timeIntervalSince1970) }

/// Counts the calls of a credential source.
final class Counter: Sendable {
    private let count = Mutex(0)
    /// The calls so far.
    var value: Int { count.withLock { $0 } }
    /// Counts one call and returns how many came before it.
    func next() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}

/// A token service on the other end of a `ClientTransport`: every credentials request mints a new
/// unsigned JWT for the user (`external_id`, `name`, `email`, `iat`, `exp`, and a serial `jti`), with
/// `expires_in`, and is counted.
final class MintingTransport: ClientTransport {
    private let count = Mutex(0)
    let lifetime: Int
    init(lifetime: Int = 300) { self.lifetime = lifetime }
    /// The requests so far.
    var requests: Int { count.withLock { $0 } }

    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        let serial = count.withLock { count in
            count += 1
            return count
        }
        let body = (try? JSONSerialization.jsonObject(with: request.body) as? [String: String]) ?? [:]
        let jwt = unsignedJWT([
            "external_id": body["user_id"] ?? "", "name": body["name"] ?? "", "email": body["email"] ?? "", "scope": "user",
            "iat": now, "exp": now + lifetime, "jti": "t-\(serial)",
        ])
        let answer = try! JSONSerialization.data(withJSONObject: ["credential": ["jwt": jwt], "expires_in": lifetime])
        return ClientResponse(status: 200, headers: ["Content-Type": "application/json"], body: answer)
    }
}

/// A credential client over `transport` for the app `demo`.
func client(_ transport: any ClientTransport) -> CredentialClient {
    CredentialClient(
        configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!, app: "demo", transport: transport),
        proof: { _ in .apiKey("test-api-key") })
}

/// Ann, the user the tests log in.
let ann = UserIdentity(userId: "u-42", email: "ann@example.com", name: "Ann")

/// The `jti` claim of an unsigned JWT.
func jti(_ jwt: String?) -> String? { jwt.flatMap(payload(of:))?["jti"] as? String }

/// The payload of a compact JWT, unverified.
func payload(of jwt: String) -> [String: Any]? { part(1, of: jwt) }

/// The header of a compact JWT.
func header(of jwt: String) -> [String: Any]? { part(0, of: jwt) }

/// The JSON object of a compact JWT's part `index` (0 the header, 1 the payload).
func part(_ index: Int, of jwt: String) -> [String: Any]? {
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var base64 = parts[index].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
}

/// The failure taxonomy every vendor is held to (issue 57, item 2), in one place: a failed login
/// (`login(_:)`, `login(credential:)`, `login(credentialSource:)`) emits exactly one `login_failed`, carrying the
/// thrown error, as the last event of the operation, and no `login_succeeded`; `authentication_failed` precedes it
/// when, and only when, the vendor's SDK refused the credential; a user switch that fails halfway emits
/// `logged_out` (the previous user) before those. `events` are the events of that one operation.
func expectFailureEvents(
    _ events: [IdentityEvent], thrown: IdentityError?, vendorRefused: Bool, previousUserLoggedOut: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let names = events.map(\.name)
        #expect(names.filter { $0 == .loginFailed }.count == 1, "one login_failed: \(names)", sourceLocation: sourceLocation)
        #expect(names.last == .loginFailed, "login_failed is the last event: \(names)", sourceLocation: sourceLocation)
        #expect(!names.contains(.loginSucceeded), "no login_succeeded: \(names)", sourceLocation: sourceLocation)
        if case .failure(let carried)? = events.last(where: { $0.name == .loginFailed })?.payload {
            #expect(carried.code == thrown?.code && carried.vendorCode == thrown?.vendorCode, sourceLocation: sourceLocation)
        } else {
            Issue.record("login_failed carries no error: \(names)", sourceLocation: sourceLocation)
        }
        let refusal = names.firstIndex(of: .authenticationFailed)
        if vendorRefused {
            #expect(
                refusal != nil && refusal! < names.lastIndex(of: .loginFailed) ?? 0, "authentication_failed first: \(names)",
                sourceLocation: sourceLocation)
        } else {
            #expect(refusal == nil, "no authentication_failed without a refusal by the vendor: \(names)", sourceLocation: sourceLocation)
        }
        if previousUserLoggedOut {
            #expect(names.first == .loggedOut, "logged_out (the previous user) first: \(names)", sourceLocation: sourceLocation)
        }
    }
}

/// The events `hub` emits while `operation` runs, and the error it throws.
@MainActor func eventsOf(_ hub: EventHub, _ operation: () async throws -> Void) async -> (events: [IdentityEvent], error: IdentityError?) {
    let recorder = EventRecorder()
    let observation = recorder.record(hub)
    defer { hub.cancel(observation) }
    do {
        try await operation()
        return (recorder.events, nil)
    } catch {
        return (recorder.events, error as? IdentityError)
    }
}
