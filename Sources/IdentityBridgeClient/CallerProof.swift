public import IdentityBridgeModel

/// How the client proves itself to the token service: the app's own session JWT (the mobile
/// case: the user comes from its claims) or one of the app's API keys (server to server).
public enum CallerProof: Sendable {
    /// The app's session JWT, sent as `Authorization: Bearer`.
    case sessionToken(String)
    /// One of the app's `service.api_keys`, sent as `Authorization: Bearer`.
    case apiKey(String)

    /// The bearer value.
    var bearer: String {
        switch self {
        case .sessionToken(let token), .apiKey(let token): token
        }
    }
}

/// What the client asks the proof closure for.
public struct CallerProofRequest: Sendable {
    /// The user the credential is for.
    public var user: UserIdentity
    /// The provider instance asked.
    public var provider: ProviderReference
    /// True when the service just answered 401 to the previous proof: hand a renewed one
    /// (refresh the app session), or throw.
    public var previousWasRejected: Bool

    /// Creates a request (the client makes them; a test of a proof closure may too).
    public init(user: UserIdentity, provider: ProviderReference, previousWasRejected: Bool) {
        self.user = user
        self.provider = provider
        self.previousWasRejected = previousWasRejected
    }
}

/// The closure the client asks for a ``CallerProof`` before each request, and once more after a 401.
/// An `IdentityError` it throws is the fetch's error; any other error becomes `token_missing`.
public typealias CallerProofSource = @Sendable (CallerProofRequest) async throws -> CallerProof

extension CallerProof: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `sessionToken(<redacted>)` or `apiKey(<redacted>)`: never the bearer value.
    public var description: String {
        switch self {
        case .sessionToken: "sessionToken(<redacted>)"
        case .apiKey: "apiKey(<redacted>)"
        }
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror without the bearer value (what `dump` prints).
    public var customMirror: Mirror { Mirror(self, children: ["proof": description]) }
}

extension CallerProofRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The provider and whether the previous proof was rejected; the user as `<redacted>` (no id, no email).
    public var description: String {
        "CallerProofRequest(provider: \(provider), user: <redacted>, previousWasRejected: \(previousWasRejected))"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror without the user.
    public var customMirror: Mirror {
        Mirror(self, children: ["provider": provider, "user": "<redacted>", "previousWasRejected": previousWasRejected])
    }
}
