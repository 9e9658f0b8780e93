import Crypto
import Foundation
public import IdentityBridge
public import IdentityBridgeTesting
public import IntercomKind
import Synchronization

/// An in-memory model of Intercom's identity verification, written from the vendor's rules (not from
/// the kind): the Messenger of one platform boots with a `user_id` and/or an email and a proof; the
/// workspace checks the proof with *that platform's* secret and finds or creates the user.
///
/// - A `user_hash` must equal the lowercase hex HMAC-SHA256 of the `user_id`, or of the email when
///   there is no `user_id`, under the platform's secret.
/// - A JWT must be `HS256` under the platform's secret, carry a string `user_id` and an integer `exp`
///   still in the future, and its `user_id` is the user that logs in.
/// - Users are found by `user_id` (else email); logout forgets the user and the proof.
///
/// It hashes with swift-crypto and parses JWTs with Foundation, sharing no code with the kind's issuer.
public final class IntercomSimulator: VendorSimulator, IntercomSDKPort {
    /// The `intercom` kind.
    public var kind: ProviderKind { .intercom }
    /// Itself: the simulator is the SDK port.
    public var port: any Sendable { self }

    private struct State {
        var pendingHash: String?
        var pendingJWT: String?
        var current: IntercomUser?
        var directory: [String: IntercomUser] = [:]
    }

    private let secret: [UInt8]
    private let clock: any IdentityClock
    private let state = Mutex(State())

    /// A workspace whose Messenger on this platform verifies with `secret`.
    public init(secret: [UInt8], clock: any IdentityClock) {
        self.secret = secret
        self.clock = clock
    }

    public func setUserHash(_ userHash: String) async { state.withLock { $0.pendingHash = userHash } }

    public func setUserJwt(_ jwt: String) async { state.withLock { $0.pendingJWT = jwt } }

    public func loginUser(userId: String?, email: String?) async -> Result<IntercomUser, IntercomLoginFailure> {
        let (hash, jwt) = state.withLock { ($0.pendingHash, $0.pendingJWT) }
        var userId = userId
        var email = email
        if let jwt {
            switch checkJWT(jwt) {
            case .failure(let failure): return .failure(failure)
            case .success(let claims):
                userId = claims.userId
                email = claims.email ?? email
            }
        } else if let hash {
            guard let input = userId ?? email else {
                return .failure(
                    IntercomLoginFailure(reason: .userIdMissing, detail: "The Messenger booted with neither user_id nor email."))
            }
            guard hash == hexHMAC(input) else {
                return .failure(IntercomLoginFailure(reason: .userHashMismatch, detail: "The user_hash does not match the user."))
            }
        } else {
            return .failure(
                IntercomLoginFailure(reason: .credentialMissing, detail: "Identity verification is enforced; no proof was set."))
        }
        guard let key = userId.map({ "id:" + $0 }) ?? email.map({ "email:" + $0 }) else {
            return .failure(IntercomLoginFailure(reason: .userIdMissing, detail: "The Messenger booted with neither user_id nor email."))
        }
        return .success(
            state.withLock { state in
                let user =
                    state.directory[key] ?? IntercomUser(intercomId: "icm-\(state.directory.count + 1)", userId: userId, email: email)
                state.directory[key] = user
                state.current = user
                return user
            })
    }

    public func logout() async {
        state.withLock { state in
            state.current = nil
            state.pendingHash = nil
            state.pendingJWT = nil
        }
    }

    public func currentUser() async -> IntercomUser? { state.withLock { $0.current } }

    public func userCount() async -> Int { state.withLock { $0.directory.count } }

    /// Intercom conversations are not simulated: none are visible.
    public func visibleConversationCount() async -> Int { 0 }

    private func hexHMAC(_ text: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: secret))
        return code.map { String(format: "%02x", $0) }.joined()
    }

    private func checkJWT(_ token: String) -> Result<(userId: String, email: String?), IntercomLoginFailure> {
        func fail(_ reason: IntercomFailureReason, _ detail: String) -> Result<(userId: String, email: String?), IntercomLoginFailure> {
            .failure(IntercomLoginFailure(reason: reason, detail: detail))
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Self.base64URL(parts[0]), let payloadData = Self.base64URL(parts[1]),
            let signature = Self.base64URL(parts[2]),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
            let payload = try? JSONSerialization.jsonObject(with: payloadData) as? [String: Any]
        else { return fail(.jwtMalformed, "The JWT is not three base64url JSON parts.") }
        guard header["alg"] as? String == "HS256" else { return fail(.jwtAlgorithm, "The JWT is not HS256.") }
        let signingInput = Data(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: SymmetricKey(data: secret)) else {
            return fail(.jwtSignatureInvalid, "The JWT signature does not match the platform's secret.")
        }
        guard let userId = payload["user_id"] as? String else { return fail(.jwtClaimMissing, "The JWT has no string user_id.") }
        guard let exp = (payload["exp"] as? NSNumber)?.int64Value else { return fail(.jwtClaimMissing, "The JWT has no integer exp.") }
        guard clock.unixSeconds() < exp else { return fail(.jwtExpired, "The JWT has expired.") }
        return .success((userId, payload["email"] as? String))
    }

    private static func base64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

/// Makes `intercom` simulators: each instance's Messenger runs on the instance's `platform` and
/// verifies with that platform's secret.
public struct IntercomSimulatorFactory: VendorSimulatorFactory {
    /// Creates the factory.
    public init() {}
    /// The `intercom` kind.
    public var kind: ProviderKind { .intercom }
    /// A fresh workspace for `instance` (an empty secret when the settings are not Intercom's, so every login fails).
    public func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator {
        let settings = instance.settings as? IntercomSettings
        let secret = settings.flatMap { $0.secrets[$0.platform] }?.revealedBytes ?? []
        return IntercomSimulator(secret: secret, clock: clock)
    }
}
