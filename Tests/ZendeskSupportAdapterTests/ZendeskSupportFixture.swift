import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import ZendeskSupportAdapter

enum ZendeskSupportFixture {
    static let start: Int64 = 1_767_225_600
    /// At least 32 bytes, for jwt-kit.
    static let secret = Secret("zendesk-support-shared-secret-0123456789")
    static let otherSecret = Secret("another-support-shared-secret-0123456789")
    static let ann = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")

    static func issuer(_ auth: ZendeskSupportAuthMode = .jwt, clock: any IdentityClock, userTokenSecret: Secret? = nil) throws
        -> ZendeskSupportIssuer
    {
        try ZendeskSupportIssuer(
            settings: ZendeskSupportSettings(auth: auth, secret: auth == .jwt ? secret : nil, userTokenSecret: userTokenSecret),
            clock: clock)
    }

    /// A user token with arbitrary claims, signed with the derived user-token key.
    static func userToken(_ claims: [String: JSONValue], key: Secret = ZendeskSupportSettings.deriveUserTokenKey(from: secret)) -> String {
        HS256Signer(secret: key, type: ZendeskSupportLimits.userTokenType).sign(claims: claims)
    }

    static func provider(_ auth: ZendeskSupportAuthMode = .jwt, clock: ManualClock) throws
        -> (ZendeskSupportProvider, ZendeskSupportSimulator, EventRecorder)
    {
        let simulator = ZendeskSupportSimulator(auth: auth, sharedSecret: auth == .jwt ? secret : nil, clock: clock)
        let provider = ZendeskSupportProvider(issuer: try issuer(auth, clock: clock), port: simulator, clock: clock)
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)
        return (provider, simulator, recorder)
    }

    static let form = "application/x-www-form-urlencoded"
}

/// The fixture's name before the four adapters' tests took one shape (issue 22).
typealias SupportFixture = ZendeskSupportFixture
