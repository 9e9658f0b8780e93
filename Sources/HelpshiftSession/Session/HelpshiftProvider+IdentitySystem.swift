public import IdentityBridgeModel
import Synchronization

extension HelpshiftProvider {
    /// Adds identities to the logged-in user (`addUserIdentities`); does nothing for an anonymous user.
    public func addUserIdentities(_ identities: [HelpshiftIdentity]) async throws(IdentityError) {
        let jwt: String
        do throws(IdentityError) {
            guard let backend else {
                throw IdentityError(
                    .unsupportedOperation,
                    message: "\(reference) was built in an app, without the identity secret that signs an identities JWT.",
                    recovery: "Have the backend issue the identities JWT and pass it to addUserIdentities(jwt:).", provider: reference)
            }
            jwt = try backend.identityToken(for: identities, forLogin: false)
        } catch {
            emit(.attributesRejected, .failure(error))
            throw error
        }
        try await addUserIdentities(jwt: jwt, identities: identities)
    }

    /// Adds the identities of a raw identities JWT; failures come back as the SDK's events.
    public func addUserIdentities(jwt: String) async throws(IdentityError) {
        try await addUserIdentities(jwt: jwt, identities: nil)
    }

    private func addUserIdentities(jwt: String, identities: [HelpshiftIdentity]?) async throws(IdentityError) {
        await prepare()
        guard let user = await port.currentUser(), !user.isAnonymous else { return }
        beginCall()
        await port.addUserIdentities(jwt)
        if let failure = reportedFailures().first { throw failure }
        var fields: [String: JSONValue] = ["user": providerUser(user).json]
        if let identities { fields["identities"] = .array(identities.map(\.json)) }
        emit(.identitiesAdded, .fields(fields))
    }

    /// `updateAppAttributes`: validated (String, Bool, Number, String array, String-String
    /// dictionary; lengths; at most 30), then sent; the SDK's failure events are thrown.
    public func updateAppAttributes(_ attributes: [String: JSONValue]) async throws(IdentityError) {
        try await updateAttributes(attributes, kind: .app)
    }

    /// `updateMasterAttributes`: only the documented keys, with their types (age 0-150).
    public func updateMasterAttributes(_ attributes: [String: JSONValue]) async throws(IdentityError) {
        try await updateAttributes(attributes, kind: .master)
    }

    private func updateAttributes(_ attributes: [String: JSONValue], kind: HelpshiftAttributeValidator.Kind) async throws(IdentityError) {
        do { try HelpshiftAttributeValidator.validate(attributes, kind: kind, provider: reference) } catch {
            emit(.attributesRejected, .failure(error))
            throw error
        }
        await prepare()
        beginCall()
        switch kind {
        case .app: await port.updateAppAttributes(attributes)
        case .master: await port.updateMasterAttributes(attributes)
        }
        if let failure = reportedFailures().first { throw failure.attributed(to: reference) }
        emit(.attributesUpdated, .fields(["kind": .string(kind.rawValue), "keys": .array(attributes.keys.sorted().map(JSONValue.string))]))
    }

    /// `requestUnreadMessageCount(fromServer)`: the count the SDK reports (from the server at most
    /// once per rate window, else from its cache with `isFromCache` true).
    public func requestUnreadMessageCount(fromServer: Bool) async throws(IdentityError) -> IdentityEvent.UnreadCount {
        await prepare()
        state.withLock { $0.lastUnreadCount = nil }
        await port.requestUnreadMessageCount(fromServer: fromServer)
        guard let count = state.withLock({ $0.lastUnreadCount }) else {
            throw IdentityError(
                .unknown, message: "Helpshift did not report the unread message count.",
                recovery: "Retry later.", provider: reference)
        }
        return count
    }
}
