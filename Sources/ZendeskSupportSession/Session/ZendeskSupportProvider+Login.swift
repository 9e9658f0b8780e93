public import IdentityBridgeModel
import Logging

extension ZendeskSupportProvider {
    /// The identity's object-valued field: `anonymous` (`{"name", "email"}`).
    public nonisolated var structuredCredentialFields: Set<String> { ["anonymous"] }

    /// Whether the logged-in user leaves before `credential` logs in: always, when one is logged in (the user
    /// token is opaque to the app, so a login cannot tell the same user from another; `setIdentity` replaces the
    /// identity either way).
    public func mustEndSession(before credential: Credential, for user: UserIdentity?) async -> Bool {
        guard let current = await port.currentUser() else { return false }
        return !current.isAnonymous
    }

    /// The login step: sets `{"user_token": ...}` or `{"anonymous": {...}}` on the SDK; the other type than the
    /// admin setting is `configuration_invalid` (vendor code `identity_type_mismatch`) before the SDK sees it.
    public func performLogin(credential: Credential, for user: UserIdentity?) async throws(LoginStepFailure) -> IdentitySession {
        let identity: ZendeskSupportIdentity
        do { identity = try self.identity(from: credential) } catch { throw .failed(error) }
        let user: ProviderUser
        do { user = try await port.setIdentity(identity) } catch {
            logger.warning(
                "Zendesk Support setIdentity failed",
                metadata: ["code": "\(error.code.rawValue)", "vendor_code": "\(error.vendorCode ?? "-")", "instance": "\(reference.name)"])
            throw .sdk(error)
        }
        if user.isAnonymous { emit(.anonymousUserCreated, .user(user)) }
        port.observeUnauthorized { [weak self] in Task { await self?.identityRefused() } }
        return IdentitySession(provider: reference, user: user, expiresAt: credential.expiresAt)
    }

    /// The SDK reported HTTP 401 on a request: `authentication_failed` (`token_invalid`, vendor code
    /// `ZDKUnauthorized`), so the app logs the user in again with a fresh user token.
    func identityRefused() {
        let error = IdentityError(
            .tokenInvalid, vendorCode: "ZDKUnauthorized",
            message:
                "Zendesk answered HTTP 401 to a Support SDK request: the identity's user token was refused by the JWT endpoint or has expired.",
            recovery: "Log the user in again with a fresh user token (login(credentialSource:)); check the JWT endpoint's logs.",
            provider: reference)
        logger.warning("Zendesk Support answered HTTP 401", metadata: ["vendor_code": "ZDKUnauthorized", "instance": "\(reference.name)"])
        emit(.authenticationFailed, .failure(error))
    }

    func identity(from credential: Credential) throws(IdentityError) -> ZendeskSupportIdentity {
        if let token = credential[ZendeskSupportLimits.userTokenFormField] {
            guard auth == .jwt else { throw auth.identityError(wanting: .jwt, provider: reference) }
            return .jwt(userToken: token)
        }
        if let anonymous = credential.fields["anonymous"] {
            guard auth == .anonymous else { throw auth.identityError(wanting: .anonymous, provider: reference) }
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
            try backend?.checkAnonymousIdentity(name: name, email: email)
            return .anonymous(name: name, email: email)
        }
        throw IdentityError(
            .tokenMissing, field: "credential", message: "The credential has neither \"user_token\" nor \"anonymous\".",
            recovery: "Pass the credential issued by this provider.", provider: reference)
    }
}
