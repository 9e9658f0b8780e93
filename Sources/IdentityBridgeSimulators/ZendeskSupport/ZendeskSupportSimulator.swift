import Crypto
public import IdentityBridge
public import IdentityBridgeTesting
import Synchronization
public import ZendeskSupportAdapter

/// An independent in-memory model of Zendesk Support's side of the SDK identity flow, written
/// from the specification: it enforces the admin setting (anonymous or JWT), POSTs the user
/// token to the customer's JWT endpoint as `user_token` (form-urlencoded), verifies the returned
/// JWT with the shared secret using its own HMAC and JSON code, refuses reused `jti`s, and keeps
/// users keyed by `external_id` (else email).
public final class ZendeskSupportSimulator: VendorSimulator, ZendeskSupportSDKPort, ZendeskSupportJWTEndpointHost {
    /// A Zendesk user.
    public struct User: Hashable, Sendable {
        /// Zendesk's user id.
        public var id: String
        /// `external_id`, when the JWT had one.
        public var externalId: String?
        /// The user's name.
        public var name: String?
        /// The user's email.
        public var email: String?
        /// Whether the user came from an anonymous identity.
        public var anonymous: Bool
    }

    typealias Endpoint = @Sendable (String, String) async -> TokenExchangeEndpoint.Response

    struct State {
        var endpoint: Endpoint?
        var users: [String: User] = [:]
        var anonymousUsers: [User] = []
        var current: User?
        var seenJTIs: Set<String> = []
        var requests: [String: [[String]]] = [:]
        var openRequest: [String: Int] = [:]
        var endpointCalls: [String] = []
        var counter = 0
    }

    /// `zendesk-support`.
    public let kind: ProviderKind = .zendeskSupport
    /// The simulator itself, as the adapter's `ZendeskSupportSDKPort`.
    public var port: any Sendable { self }
    /// The Mobile SDK admin setting.
    public let auth: ZendeskSupportAuthMode
    private let sharedSecret: [UInt8]?
    private let clock: any IdentityClock
    private let state = Mutex(State())

    /// Creates a backend with its admin setting and JWT shared secret.
    public init(auth: ZendeskSupportAuthMode, sharedSecret: Secret?, clock: any IdentityClock) {
        self.auth = auth
        self.sharedSecret = sharedSecret?.revealedBytes
        self.clock = clock
    }

    /// Users known by `external_id` or email (JWT identities).
    public var users: [User] { state.withLock { Array($0.users.values) } }
    /// The form bodies Zendesk POSTed to the JWT endpoint, in order.
    package var endpointCalls: [String] { state.withLock { $0.endpointCalls } }

    /// JWT users plus anonymous users.
    public func userCount() async -> Int { state.withLock { $0.users.count + $0.anonymousUsers.count } }

    /// Requests of the current user.
    public func visibleConversationCount() async -> Int {
        state.withLock { state in state.current.map { state.requests[$0.id]?.count ?? 0 } ?? 0 }
    }

    /// Records the customer's JWT endpoint.
    public func registerJWTEndpoint(_ endpoint: @escaping @Sendable (String, String) async -> TokenExchangeEndpoint.Response) {
        state.withLock { $0.endpoint = endpoint }
    }

    /// Sets the identity as Zendesk would (see `ZendeskSupportSDKPort.setIdentity(_:)`).
    public func setIdentity(_ identity: ZendeskSupportIdentity) async throws(IdentityError) -> ProviderUser {
        switch identity {
        case .anonymous(let name, let email):
            guard auth == .anonymous else { throw mismatch("anonymous") }
            return state.withLock { state in
                state.counter += 1
                let user = User(id: "zd-anon-\(state.counter)", name: name, email: email, anonymous: true)
                state.anonymousUsers.append(user)
                state.current = user
                return Self.providerUser(user)
            }
        case .jwt(let userToken):
            guard auth == .jwt else { throw mismatch("JWT") }
            return try await authenticate(userToken: userToken)
        }
    }

    private func mismatch(_ used: String) -> IdentityError {
        IdentityError(
            .configurationInvalid, field: "identity", vendorCode: "identity_type_mismatch",
            message:
                "Zendesk refused the \(used) identity: the Mobile SDK admin page selects \(auth == .jwt ? "JWT" : "anonymous") authentication.",
            recovery: "Create the identity type the Zendesk Support admin selects.")
    }

    private func authenticate(userToken: String) async throws(IdentityError) -> ProviderUser {
        guard let endpoint = state.withLock({ $0.endpoint }) else {
            throw IdentityError(
                .configurationInvalid, message: "No JWT endpoint is configured for this Zendesk account.",
                recovery: "Register the JWT endpoint (the provider does this when it is built).")
        }
        let body = "user_token=" + Self.formEncode(userToken)
        state.withLock { $0.endpointCalls.append(body) }
        let response = await endpoint(body, "application/x-www-form-urlencoded")
        guard response.status == 200 else {
            let code = response.body["error"]?["code"]?.stringValue.map(IdentityError.Code.init(rawValue:)) ?? .tokenInvalid
            let detail = response.body["error"]?["message"]?.stringValue ?? "no detail"
            throw IdentityError(
                code, field: "user_token", vendorCode: "jwt_endpoint_\(response.status)",
                message: "The JWT endpoint answered HTTP \(response.status): \(detail)",
                recovery: "Set a fresh JWT identity with a valid user token.")
        }
        guard let jwt = response.body["jwt"]?.stringValue else {
            throw IdentityError(
                .tokenMalformed, field: "jwt", vendorCode: "jwt_endpoint_body",
                message: "The JWT endpoint's answer has no \"jwt\" string.", recovery: "Answer {\"jwt\": \"...\"}.")
        }
        let claims = try verify(jwt)
        return try state.withLock { state throws(IdentityError) in
            guard case .string(let jti)? = claims["jti"], state.seenJTIs.insert(jti).inserted else {
                throw IdentityError(
                    .tokenInvalid, field: "jti", vendorCode: "jti_reused",
                    message: "Zendesk has already seen this JWT's jti.", recovery: "Issue a new jti for every JWT.")
            }
            let name = claims["name"]?.stringValue
            let email = claims["email"]?.stringValue
            let externalId = claims["external_id"]?.stringValue
            let key = externalId.map { "external:" + $0 } ?? "email:" + (email ?? "").lowercased()
            var user =
                state.users[key]
                ?? {
                    state.counter += 1
                    return User(id: "zd-user-\(state.counter)", externalId: externalId, anonymous: false)
                }()
            user.name = name
            user.email = email
            state.users[key] = user
            state.current = user
            return Self.providerUser(user)
        }
    }

    /// Zendesk's check of the JWT: three parts, HS256, HMAC with the shared secret, `jti`, `iat`, `name`, `email`.
    func verify(_ jwt: String) throws(IdentityError) -> [String: JSONValue] {
        func refuse(_ code: IdentityError.Code, _ field: String, _ message: String) -> IdentityError {
            IdentityError(
                code, field: field, vendorCode: "jwt_rejected", message: "Zendesk rejected the JWT: \(message)",
                recovery: "Fix the JWT endpoint's token.")
        }
        guard let token = SimulatedJWT(jwt) else { throw refuse(.tokenMalformed, "jwt", "not a compact JWT.") }
        let claims = token.claims
        guard token.isHS256 else { throw refuse(.algorithmNotAllowed, "alg", "only HS256 is accepted.") }
        guard let sharedSecret, token.isSigned(with: sharedSecret)
        else { throw refuse(.tokenInvalid, "jwt", "the signature does not match the shared secret.") }
        guard let jti = claims["jti"] else { throw refuse(.claimMissing, "jti", "jti is missing.") }
        guard jti.stringValue?.isEmpty == false else { throw refuse(.claimInvalid, "jti", "jti must be a non-empty string.") }
        guard let iat = claims["iat"] else { throw refuse(.claimMissing, "iat", "iat is missing.") }
        guard iat.intValue != nil else { throw refuse(.claimInvalid, "iat", "iat must be an integer number of seconds.") }
        guard claims["name"]?.stringValue?.isEmpty == false else { throw refuse(.invalidName, "name", "name is required.") }
        guard let email = claims["email"]?.stringValue, email.contains("@") else {
            throw refuse(.missingIdentifier, "email", "email is required.")
        }
        return claims
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), as a form POST would.
    static func formEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// Forgets the current identity.
    public func clearIdentity() async { state.withLock { $0.current = nil } }

    /// Creates a request for the first message, comments on it afterwards.
    public func sendMessage(_ text: String) async throws(IdentityError) -> Bool {
        try state.withLock { state throws(IdentityError) in
            guard let user = state.current else {
                throw IdentityError(.notLoggedIn, message: "No identity is set on the Support SDK.", recovery: "Set an identity first.")
            }
            if let open = state.openRequest[user.id] {
                state.requests[user.id, default: []][open].append(text)
                return false
            }
            state.requests[user.id, default: []].append([text])
            state.openRequest[user.id] = (state.requests[user.id]?.count ?? 1) - 1
            return true
        }
    }

    /// The current user.
    public func currentUser() async -> ProviderUser? { state.withLock { $0.current.map(Self.providerUser) } }

    static func providerUser(_ user: User) -> ProviderUser {
        ProviderUser(
            vendorUserId: user.id, externalId: user.externalId, email: user.email, name: user.name,
            isAnonymous: user.anonymous, isAuthenticated: !user.anonymous)
    }
}
