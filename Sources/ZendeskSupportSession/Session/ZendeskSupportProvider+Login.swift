public import IdentityBridgeModel
import Logging

extension ZendeskSupportProvider {
    /// Issues the identity the admin setting calls for and sets it on the SDK.
    public func login(_ user: UserIdentity) async throws(IdentityError) -> IdentitySession {
        let credential: Credential
        do { credential = try issuer.issue(for: user) } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        return try await login(credential: credential)
    }

    /// Sets `{"user_token": ...}` or `{"anonymous": {...}}`; the other type than the admin
    /// setting is `configuration_invalid` (vendor code `identity_type_mismatch`).
    public func login(credential: Credential) async throws(IdentityError) -> IdentitySession {
        try await operations.enqueue(throwing: { () async throws(IdentityError) in
            try await self.performLogin(credential: credential)
        }).value.get()
    }

    func performLogin(credential: Credential) async throws(IdentityError) -> IdentitySession {
        let identity: ZendeskSupportIdentity
        do { identity = try self.identity(from: credential) } catch {
            emit(.loginFailed, .failure(error))
            throw error
        }
        let user: ProviderUser
        do { user = try await port.setIdentity(identity) } catch {
            let error = error.attributed(to: reference)
            logger.warning(
                "Zendesk Support setIdentity failed",
                metadata: ["code": "\(error.code.rawValue)", "vendor_code": "\(error.vendorCode ?? "-")", "instance": "\(reference.name)"])
            emit(.loginFailed, .failure(error))
            throw error
        }
        if user.isAnonymous { emit(.anonymousUserCreated, .user(user)) }
        port.observeUnauthorized { [weak self] in Task { await self?.identityRefused() } }
        emit(.loginSucceeded, .user(user))
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
