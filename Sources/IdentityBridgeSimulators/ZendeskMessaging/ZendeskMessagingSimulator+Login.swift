import IdentityBridge
import Synchronization
public import ZendeskMessagingAdapter

extension ZendeskMessagingSimulator {
    /// `loginUser(with: jwt)`: see the type's documentation.
    public func loginUser(jwt: String) async throws(ZendeskMessagingSDKError) -> ZendeskMessagingUser {
        let now = clock.unixSeconds()
        let outcome: Result<(ZendeskMessagingUser, [ZendeskMessagingSDKEvent]), ZendeskMessagingSDKError> = state.withLock { state in
            switch SimulatedMessagingJWT.check(jwt, keys: state.keys, now: now) {
            case .failure(let error):
                // The SDK falls back to an unauthenticated user.
                if case .anonymous = state.session {
                } else {
                    state.session = .none
                    state.pushSubscribed = false
                }
                return .failure(error)
            case .success(let token):
                return .success(login(token, state: &state))
            }
        }
        switch outcome {
        case .failure(let error):
            throw error
        case .success(let (user, events)):
            notify(events)
            return user
        }
    }

    private func login(_ token: SimulatedMessagingJWT, state: inout State) -> (ZendeskMessagingUser, [ZendeskMessagingSDKEvent]) {
        var events: [ZendeskMessagingSDKEvent] = []
        let existing = state.userIdsByExternalId[token.externalId]
        let target: String
        switch state.session {
        case .anonymous(let anonymousId):
            if let existing, var anonymous = state.users[anonymousId] {
                if !anonymous.conversationIds.isEmpty {
                    let moved = merge(anonymous: anonymousId, into: existing, state: &state)
                    anonymous.conversationIds = []
                    if let into = state.users[existing] {
                        events.append(
                            .usersMerged(
                                from: snapshot(anonymous, authenticated: false),
                                into: snapshot(into, authenticated: true), conversationsMoved: moved))
                    }
                }
                state.users[anonymousId] = nil
                target = existing
            } else {
                // A new external id takes the anonymous user's data over.
                state.users[anonymousId]?.externalId = token.externalId
                state.userIdsByExternalId[token.externalId] = anonymousId
                target = anonymousId
            }
        case .none, .authenticated, .expired:
            if case .authenticated(let previous, _) = state.session, state.users[previous]?.externalId != token.externalId {
                state.staleConversationIds += state.users[previous]?.conversationIds ?? []
            } else if case .expired(let previous) = state.session, state.users[previous]?.externalId != token.externalId {
                state.staleConversationIds += state.users[previous]?.conversationIds ?? []
            }
            if let existing {
                target = existing
            } else {
                let id = state.makeID("user")
                state.users[id] = UserRecord(id: id, externalId: token.externalId)
                state.userIdsByExternalId[token.externalId] = id
                target = id
            }
        }
        if let name = token.name { state.users[target]?.name = name }
        if let email = token.email { state.users[target]?.email = email }
        state.session = .authenticated(target, exp: token.exp)
        state.pushSubscribed = true
        let record = state.users[target] ?? UserRecord(id: target, externalId: token.externalId)
        // Merge events are reported before loginUser completes.
        return (snapshot(record, authenticated: true), events)
    }

    /// Moves the anonymous user's conversations into `existing`; returns how many moved.
    private func merge(anonymous anonymousId: String, into existing: String, state: inout State) -> Int {
        let moving = state.users[anonymousId]?.conversationIds ?? []
        switch conversationMode {
        case .single:
            if let ownId = state.users[existing]?.conversationIds.first {
                for id in moving {
                    let messages = state.conversations[id]?.messages ?? []
                    state.conversations[ownId]?.messages.append(contentsOf: messages)
                    state.conversations[id] = nil
                }
            } else {
                state.users[existing]?.conversationIds = Array(moving.prefix(1))
            }
        case .multi:
            state.users[existing]?.conversationIds.append(contentsOf: moving)
        }
        return moving.count
    }

    /// `logoutUser`: logs an authenticated user out (push unsubscribed) or deletes an anonymous
    /// user with all its conversations. Without a user it does nothing.
    public func logoutUser() async throws(ZendeskMessagingSDKError) {
        if let failure = state.withLock({ state in
            defer { state.logoutFailure = nil }
            return state.logoutFailure
        }) {
            throw failure
        }
        state.withLock { state in
            switch state.session {
            case .none:
                break
            case .anonymous(let id):
                for conversation in state.users[id]?.conversationIds ?? [] { state.conversations[conversation] = nil }
                state.users[id] = nil
                state.notifications[id] = nil
            case .authenticated, .expired:
                break
            }
            state.session = .none
            state.pushSubscribed = false
            state.staleConversationIds = []
        }
    }

    /// Makes the next `logoutUser` fail with `failure` (default: the network is down), the session unchanged.
    public func failNextLogoutUser(
        _ failure: ZendeskMessagingSDKError = ZendeskMessagingSDKError(
            code: ZendeskMessagingVendorCode.networkError, message: "The Internet connection appears to be offline.")
    ) {
        state.withLock { $0.logoutFailure = failure }
    }
}
