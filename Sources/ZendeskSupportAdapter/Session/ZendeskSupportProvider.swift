public import IdentityBridge

/// The `zendesk-support` session provider: sets anonymous or JWT identities on the Support SDK
/// through a ``ZendeskSupportSDKPort`` and serves its JWT endpoint.
///
/// Events: `login_succeeded` (plus `anonymous_user_created` for anonymous identities),
/// `login_failed`, `logged_out`, `conversation_started` / `message_added`.
public actor ZendeskSupportProvider: IdentityProvider {
    /// The kind and instance name.
    public nonisolated let reference: ProviderReference
    /// Anonymous users or JWT with token exchange, logout, conversations.
    public nonisolated let capabilities: ProviderCapabilities
    /// The user-token issuer and exchanger.
    public nonisolated let issuer: any CredentialIssuer
    /// Where the provider's events are emitted.
    public nonisolated let eventHub = EventHub()
    /// The JWT endpoint logic registered with Zendesk.
    public nonisolated let endpoint: TokenExchangeEndpoint

    let supportIssuer: ZendeskSupportIssuer
    let port: any ZendeskSupportSDKPort
    let clock: any IdentityClock

    /// Creates a provider and registers its JWT endpoint with `port`.
    public init(issuer: ZendeskSupportIssuer, port: any ZendeskSupportSDKPort, clock: any IdentityClock) {
        self.reference = issuer.provider
        self.issuer = issuer
        self.supportIssuer = issuer
        self.port = port
        self.clock = clock
        self.capabilities =
            issuer.auth == .jwt ? [.jwt, .tokenExchange, .logout, .conversations] : [.anonymousUsers, .logout, .conversations]
        let endpoint = TokenExchangeEndpoint(exchanger: issuer)
        self.endpoint = endpoint
        port.registerJWTEndpoint { body, contentType in await endpoint.handle(formBody: body, contentType: contentType) }
    }

    func emit(_ name: IdentityEvent.Name, _ payload: IdentityEvent.Payload = .none) {
        eventHub.emit(IdentityEvent(name, provider: reference, payload: payload, timestamp: clock.now()))
    }

    /// Issues the identity the admin setting calls for and sets it on the SDK.
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try supportIssuer.issue(for: user) } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: credential)
    }

    /// Sets `{"user_token": ...}` or `{"anonymous": {...}}`; the other type than the admin
    /// setting is `configuration_invalid` (vendor code `identity_type_mismatch`).
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        let identity: ZendeskSupportIdentity
        do { identity = try self.identity(from: credential) } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        let user: ProviderUser
        do { user = try await port.setIdentity(identity) } catch {
            let error = error.attributed(to: reference)
            emit(.loginFailed, .failure(error))
            throw error
        }
        if user.isAnonymous { emit(.anonymousUserCreated, .user(user)) }
        emit(.loginSucceeded, .user(user))
        return IdentitySession(provider: reference, user: user, expiresAt: credential.expiresAt)
    }

    func identity(from credential: Credential) throws(IdentityError) -> ZendeskSupportIdentity {
        if let token = credential[ZendeskSupportLimits.userTokenFormField] {
            guard supportIssuer.auth == .jwt else { throw supportIssuer.modeMismatch(wanted: .jwt) }
            return .jwt(userToken: token)
        }
        if let anonymous = credential.fields["anonymous"] {
            guard supportIssuer.auth == .anonymous else { throw supportIssuer.modeMismatch(wanted: .anonymous) }
            guard let object = anonymous.objectValue else {
                throw IdentityError(
                    .invalidValueType, field: "anonymous", message: "\"anonymous\" must be an object with optional name and email.",
                    recovery: "Pass {\"anonymous\": {\"name\": ..., \"email\": ...}}.", provider: reference)
            }
            for field in ["name", "email"] {
                guard let value = object[field], !value.isNull, value.stringValue == nil else { continue }
                throw IdentityError(
                    .invalidValueType, field: "anonymous.\(field)",
                    message: "The anonymous identity's \(field) is \(value.typeNameWithArticle), not a string.",
                    recovery: "Pass \(field) as a string, or leave it out.", provider: reference)
            }
            let name = object["name"]?.stringValue
            let email = object["email"]?.stringValue
            if let name { try ZendeskSupportIdentityRules.checkName(name, provider: reference) }
            if let email { try ZendeskSupportIdentityRules.checkEmail(email, provider: reference) }
            return .anonymous(name: name, email: email)
        }
        throw IdentityError(
            .tokenMissing, field: "credential", message: "The credential has neither \"user_token\" nor \"anonymous\".",
            recovery: "Pass the credential issued by this provider.", provider: reference)
    }

    /// Clears the SDK identity; emits `logged_out` with the user who left.
    public func logout() async throws(IdentityError) {
        let previous = await port.currentUser()
        await port.clearIdentity()
        emit(.loggedOut, previous.map { .user($0) } ?? .none)
    }

    /// The user Zendesk associates with the current identity.
    public func currentUser() async -> ProviderUser? { await port.currentUser() }

    /// Sends a message as the current user (`not_logged_in` without an identity).
    public func sendMessage(_ text: String) async throws(IdentityError) {
        let created: Bool
        do { created = try await port.sendMessage(text) } catch { throw error.attributed(to: reference) }
        emit(created ? .conversationStarted : .messageAdded, .message(IdentityEvent.UserMessage(type: "text", body: text)))
    }
}
