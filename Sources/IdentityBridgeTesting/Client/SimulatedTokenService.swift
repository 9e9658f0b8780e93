import Foundation
public import IdentityBridge
public import IdentityBridgeClient

/// The token service's credentials route in process, as a `ClientTransport`: a
/// `CredentialClient` built on it runs the app side of the flow (cache, single flight, refresh
/// ahead, service clock) against a configuration's issuers without a server.
///
/// `POST /v1/apps/{app}/providers/{provider}/credentials` with `{"user_id", "email", "name"}`
/// answers 200 `{"app", "credential", "expires_in", "kind", "provider"}` with the issuer's credential, or the
/// issuer's uniform error as `{"error": {...}}` with its HTTP status; every answer carries a
/// `Date` header from `clock`. The caller proof is not checked (the live service's job).
///
/// ```swift
/// let service = SimulatedTokenService(app: "demo", issuers: [provider.issuer], clock: clock)
/// let client = CredentialClient(configuration: .init(baseURL: URL(string: "http://token-service.invalid")!, app: "demo",
///                                                    clock: clock, transport: service), proof: { _ in .apiKey("test") })
/// ```
public struct SimulatedTokenService: ClientTransport {
    /// The app whose credentials it mints.
    public let app: String
    /// The clock of the service (its `Date` header).
    public let clock: any IdentityClock
    private let issuers: [String: any CredentialIssuer]

    /// A service for `app` minting with `issuers` (one per provider instance, found by instance name).
    public init(app: String, issuers: [any CredentialIssuer], clock: any IdentityClock) {
        self.app = app
        self.clock = clock
        self.issuers = Dictionary(issuers.map { ($0.provider.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Answers one request of the client.
    public func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        let parts = request.url.pathComponents.filter { $0 != "/" }
        guard request.method == "POST", parts.count == 6, parts[0] == "v1", parts[1] == "apps", parts[3] == "providers",
            parts[5] == "credentials"
        else {
            return answer(
                IdentityError(
                    .unsupportedOperation, message: "Only POST /v1/apps/{app}/providers/{provider}/credentials is simulated.",
                    recovery: "Point the client's base URL at the service root."))
        }
        guard parts[2] == app, let issuer = issuers[parts[4]] else {
            return answer(
                IdentityError(
                    .configurationInvalid, field: "provider", message: "No provider '\(parts[4])' of app '\(parts[2])' is served here.",
                    recovery: "Ask for one of: \(issuers.keys.sorted().joined(separator: ", "))."), status: 404)
        }
        guard request.body.count <= 65_536, let body = try? JSONDecoder().decode([String: String].self, from: request.body) else {
            return answer(
                IdentityError(
                    .invalidValueType, message: "The body is not a JSON object of strings.",
                    recovery: "Send {\"user_id\", \"email\", \"name\"} as strings.", provider: issuer.provider))
        }
        let user = UserIdentity(userId: body["user_id"], email: body["email"], name: body["name"])
        let credential: Credential
        do { credential = try issuer.issue(for: user) } catch { return answer(error.attributed(to: issuer.provider)) }
        let answer = CredentialAnswer(app: app, reference: issuer.provider, clock: clock)
        return ClientResponse(status: 200, headers: headers, body: Data(answer.bytes(for: credential)))
    }

    private var headers: [String: String] {
        ["Content-Type": "application/json", "Date": ServiceClock.httpDate(clock.now())]
    }

    private func answer(_ error: IdentityError, status: Int? = nil) -> ClientResponse {
        let object: JSONValue = .object(["error": error.json])
        return ClientResponse(status: status ?? error.httpStatus, headers: headers, body: Data(object.jsonString.utf8))
    }
}
