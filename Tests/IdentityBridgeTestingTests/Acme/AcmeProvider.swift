import IdentityBridge
import Synchronization

/// The acme adapter: uniform errors and events over the acme port. Written by hand, without the session engine,
/// so that the conformance kit is seen to hold a kind to the failure table by what it emits, not by how it is built.
final class AcmeProvider: IdentityProvider {
    let reference: ProviderReference
    let capabilities: ProviderCapabilities = [.hmac, .logout, .reset, .conversations, .anonymousUsers]
    let eventHub = EventHub()
    let acmeIssuer: AcmeIssuer
    var issuer: any CredentialIssuer { acmeIssuer }
    private let port: any AcmePort
    private let clock: any IdentityClock
    private let flaws: AcmeFlaws

    init(reference: ProviderReference, issuer: AcmeIssuer, port: any AcmePort, clock: any IdentityClock, flaws: AcmeFlaws) {
        self.reference = reference
        self.acmeIssuer = issuer
        self.port = port
        self.clock = clock
        self.flaws = flaws
    }

    private func emit(_ name: IdentityEvent.Name, _ payload: IdentityEvent.Payload = .none) {
        eventHub.emit(
            IdentityEvent(name, provider: reference, payload: payload, timestamp: flaws.contains(.wallClockEvents) ? Date() : clock.now()))
    }

    func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do throws(IdentityError) {
            credential = try acmeIssuer.issue(for: user)
        } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: credential)
    }

    func login(credentialSource source: @escaping CredentialSource) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try await source() } catch {
            var error = error
            error.provider = reference
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: credential)
    }

    func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        if let (field, value) = credential.fields.first(where: { $0.value.stringValue == nil }) {
            let error = IdentityError(
                .invalidValueType, field: field, message: "acme credential field \(field) is \(value.typeNameWithArticle), not a string.",
                provider: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        guard let payload = credential["acme_payload"], let signature = credential["acme_signature"] else {
            let error = IdentityError(
                .tokenMissing, field: "acme_signature", message: "The acme credential needs acme_payload and acme_signature.",
                provider: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        // One user at a time: a logged-in user leaves before anyone else's credential reaches acme.
        if let previous = port.currentUser(), !previous.isAnonymous {
            port.logout()
            emit(.loggedOut, .user(previous))
        }
        switch port.login(payload: payload, signature: signature) {
        case .success(let user):
            emit(.loginSucceeded, .user(user))
            return IdentitySession(provider: reference, user: user, expiresAt: credential.expiresAt)
        case .failure(let refusal):
            let error = map(refusal)
            emit(.authenticationFailed, .failure(error))
            if !flaws.contains(.refusalWithoutLoginFailed) { emit(.loginFailed, .failure(error)) }
            throw error
        }
    }

    private func map(_ refusal: AcmeRefusal) -> IdentityError {
        let leak = flaws.contains(.leaksSecret) ? " (checked with \(acmeIssuer.settings.secret.revealed))" : ""
        switch refusal {
        case .badSignature:
            return IdentityError(
                .tokenInvalid, field: "acme_signature", vendorCode: refusal.rawValue,
                message: "acme refused the signature\(leak).", recovery: "Sign with the app's acme secret.", provider: reference)
        case .expired:
            return IdentityError(
                flaws.contains(.misreportsExpiry) ? .tokenInvalid : .tokenExpired, field: "acme_payload", vendorCode: refusal.rawValue,
                message: "The acme credential has expired.", recovery: "Mint a fresh credential.", provider: reference)
        case .malformed:
            return IdentityError(
                .tokenMalformed, field: "acme_payload", vendorCode: refusal.rawValue,
                message: "The acme payload is not base64url JSON.", provider: reference)
        }
    }

    func logout() async throws(IdentityError) {
        let user = port.currentUser()
        if !flaws.contains(.logoutStaysLocal) { port.logout() }
        if !flaws.contains(.silentLogout) { emit(.loggedOut, user.map { .user($0) } ?? .none) }
    }

    func resetIdentity() async throws(IdentityError) {
        emit(.identityReset, .user(port.reset()))
    }

    func currentUser() async -> ProviderUser? { port.currentUser() }

    func sendMessage(_ text: String) async throws(IdentityError) {
        let message = IdentityEvent.UserMessage(type: "text", body: text)
        if port.send(text) { emit(.conversationStarted, .message(message)) }
        emit(.messageAdded, .message(message))
    }

    func enterForeground() async throws(IdentityError) {
        if port.sessionExpired() {
            emit(
                .sessionExpired,
                .failure(
                    IdentityError(.sessionExpired, vendorCode: "AcmeExpired", message: "The acme session expired.", provider: reference)))
        }
    }

    func handleVendorEvent(name: String, data: JSONValue) async throws(IdentityError) -> [IdentityEvent] {
        let timestamp = clock.now()
        let event: IdentityEvent
        switch name {
        case "AcmeAgentReply":
            event = IdentityEvent(
                .agentMessageReceived, provider: reference,
                payload: .agentMessage(
                    IdentityEvent.AgentMessage(
                        publishId: nil, createdAt: nil, type: "text", body: data["body"]?.stringValue, attachments: [])),
                timestamp: timestamp)
        default:
            event = IdentityEvent(.vendorEvent, provider: reference, payload: .vendor(name: name, data: data), timestamp: timestamp)
        }
        eventHub.emit(event)
        return [event]
    }

    func setOption(_ key: String, to value: JSONValue) async throws(IdentityError) {
        if flaws.contains(.ignoresUnknownOptions) { return }
        throw .unsupported("setOption(\(key))", provider: reference)
    }
}
