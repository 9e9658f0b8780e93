package import IdentityBridgeModel

extension ZendeskMessagingUser {
    /// The user in the uniform shape.
    package var providerUser: ProviderUser {
        ProviderUser(
            vendorUserId: id, externalId: externalId, email: email, name: name,
            isAnonymous: isAnonymous, isAuthenticated: isAuthenticated)
    }
}

extension ZendeskMessagingSDKEvent {
    /// The uniform events for this SDK event:
    /// - `authenticationFailed` → `authentication_failed` (`.failure`), plus
    ///   `credentials_refresh_requested` (`reason: expired`) when the code is `expiredJWT`;
    /// - `usersMerged` → `users_merged` (`.merge` naming both users);
    /// - `unreadMessageCountChanged` → `unread_count_received`.
    package func uniformEvents(provider: ProviderReference, timestamp: Date) -> [IdentityEvent] {
        switch self {
        case .authenticationFailed(let failure):
            let error = failure.identityError(provider: provider)
            var events = [IdentityEvent(.authenticationFailed, provider: provider, payload: .failure(error), timestamp: timestamp)]
            if error.code == .tokenExpired {
                events.append(
                    IdentityEvent(
                        .credentialsRefreshRequested, provider: provider,
                        payload: .fields([
                            "reason": .string(ZendeskMessagingRefreshReason.expired.rawValue), "vendor_code": .string(failure.code),
                        ]),
                        timestamp: timestamp))
            }
            return events
        case .usersMerged(let from, let into, let moved):
            let merge = IdentityEvent.UserMerge(from: from.providerUser, into: into.providerUser, conversationsMoved: moved)
            return [IdentityEvent(.usersMerged, provider: provider, payload: .merge(merge), timestamp: timestamp)]
        case .unreadMessageCountChanged(let count):
            return [
                IdentityEvent(
                    .unreadCountReceived, provider: provider,
                    payload: .unreadCount(.init(count: Int64(count), isFromCache: false)), timestamp: timestamp)
            ]
        }
    }
}
