import Foundation
import HelpshiftAdapter
import IdentityBridge

extension HelpshiftSimulator {
    /// A login value, or `nil` when it is absent or empty after trimming spaces.
    static func present(_ value: String?) -> String? {
        guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return value
    }

    /// "Leading / trailing spaces are not allowed" (user ids and emails).
    static func hasOuterSpaces(_ text: String) -> Bool {
        text != text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// "User ID is always case-sensitive": ids are matched exactly, byte for byte (Swift's `==`
    /// would also equate canonically equivalent strings such as "é" and "e" + U+0301).
    static func sameUserId(_ stored: String?, _ given: String) -> Bool {
        stored?.utf8.elementsEqual(given.utf8) ?? false
    }

    /// "Email format should be valid (should be in the format "my@email.com")".
    static func emailLooksValid(_ email: String) -> Bool {
        guard let at = email.firstIndex(of: "@"), email.filter({ $0 == "@" }).count == 1 else { return false }
        let local = email[..<at]
        let domain = email[email.index(after: at)...]
        guard !local.isEmpty, !email.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else { return false }
        guard let dot = domain.lastIndex(of: "."), dot != domain.startIndex, domain.index(after: dot) != domain.endIndex else {
            return false
        }
        return !domain.contains("..") && !domain.hasPrefix(".")
    }

    func newLocalId() -> String {
        defer { nextLocalId += 1 }
        return "hs-local-\(nextLocalId)"
    }

    /// Makes the device's anonymous user current, creating it when there is none.
    func becomeAnonymous() {
        if let id = anonymousLocalId, let index = users.firstIndex(where: { $0.localId == id }) {
            currentIndex = index
        } else {
            let user = User(localId: pendingAnonymousLocalId ?? newLocalId(), isAnonymous: true)
            pendingAnonymousLocalId = nil
            users.append(user)
            anonymousLocalId = user.localId
            currentIndex = users.count - 1
        }
        verified = true
        authFailure = nil
    }

    func resetSessionState() {
        session = nil
        cachedUnread = 0
        lastServerFetch = nil
    }

    /// Logs out a logged-in current user: the anonymous user's history (if kept) is visible again.
    func logOutCurrent() {
        guard let index = currentIndex, !users[index].isAnonymous else { return }
        if let id = anonymousLocalId, let anonymous = users.firstIndex(where: { $0.localId == id }) {
            currentIndex = anonymous
        } else {
            currentIndex = nil
        }
        verified = true
        authFailure = nil
        resetSessionState()
    }

    /// "anonymous users are cleared whenever any user logs in. Once cleared, such users (and their
    /// conversations) cannot be fetched again."
    func clearAnonymousIfAsked() {
        guard clearAnonymousOnLogin else { return }
        pendingAnonymousLocalId = nil
        guard let id = anonymousLocalId else { return }
        let currentLocalId = currentIndex.map { users[$0].localId }
        users.removeAll { $0.localId == id }
        anonymousLocalId = nil
        currentIndex = currentLocalId.flatMap { local in users.firstIndex { $0.localId == local } }
    }

    /// The directory lookup of helpshift-users.txt; returns the index of the user to log in.
    func matchOrCreate(userId: String?, email: String?, name: String?) -> Int {
        // "the priority of userId is higher than that of userEmail"; "User ID is always case-sensitive".
        if let userId, let index = users.firstIndex(where: { !$0.isAnonymous && Self.sameUserId($0.userId, userId) }) {
            // "When the user ID matches an exisiting user, that user's email will be updated (if the email is provided)".
            if let email { users[index].email = email }
            if let name { users[index].name = name }
            return index
        }
        // "Email is always case insensitive".
        if let email, let index = users.firstIndex(where: { !$0.isAnonymous && $0.email?.lowercased() == email.lowercased() }) {
            if users[index].userId == nil {
                // "If the user ID does not exist for a user matched by email, then the user ID will be added".
                if let userId { users[index].userId = userId }
                if let name { users[index].name = name }
                return index
            }
            if userId == nil {
                // "just providing email will return any profile if multiple profiles have the same email".
                return index
            }
            // "If the user ID already exists on the user matched by email, then a new user will be created".
        }
        users.append(User(localId: newLocalId(), userId: userId, email: email, name: name, isAnonymous: false))
        return users.count - 1
    }

    /// The digest Helpshift recomputes, under `secret`.
    func expectedDigest(userId: String?, email: String?, secret: Secret) -> String? {
        let message: String?
        if configuration.fullPrivacy {
            message = userId
        } else {
            switch configuration.digestInput {
            case "user_id": message = userId
            case "email": message = email
            case "user_id_and_email": message = (userId ?? "") + (email ?? "")
            default: message = userId ?? email
            }
        }
        guard let message else { return nil }
        let mac = SimulatorHMAC.sha256(Array(message.utf8), key: secret.revealedBytes)
        switch configuration.digestEncoding {
        case "base64": return Data(mac).base64EncodedString()
        case "base64_unpadded": return Data(mac).base64EncodedString().replacingOccurrences(of: "=", with: "")
        default: return mac.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// `Helpshift.login(userData)`: whether userId / userEmail were valid.
    public func login(_ userData: [String: String]) -> Bool {
        checkSessionExpiry()
        let userId = Self.present(userData["userId"])
        // With fullPrivacy the SDK sends no email or name to Helpshift: a login dictionary that
        // carries one is recorded (`privacyLeaks`) and the value never reaches the directory.
        if configuration.fullPrivacy {
            privacyLeaks.append(contentsOf: ["userEmail", "userName"].filter { userData[$0] != nil })
        }
        let email = configuration.fullPrivacy ? nil : Self.present(userData["userEmail"])
        let name =
            configuration.fullPrivacy
            ? nil : Self.present(userData["userName"]).map { String($0.prefix(HelpshiftLimits.userNameMaxLength)) }
        let token = Self.present(userData["userAuthToken"])
        var valid = userId != nil || email != nil
        if let userId, Self.hasOuterSpaces(userId) || userId.count > HelpshiftLimits.userIdMaxLength { valid = false }
        if let email, Self.hasOuterSpaces(email) || !Self.emailLooksValid(email) { valid = false }
        // "If you are setting fullPrivacy to true, you shouldn't use email as the only identifier ... This will result in the creation of an anonymous user."
        if configuration.fullPrivacy, userId == nil { valid = false }
        guard valid else {
            logOutCurrent()
            becomeAnonymous()
            return false
        }
        // "If the login API is called with different user identifier, then it first logs out the currently logged-in user".
        if let index = currentIndex, !users[index].isAnonymous {
            let current = users[index]
            let same = userId.map { Self.sameUserId(current.userId, $0) } ?? (current.email?.lowercased() == email?.lowercased())
            if !same { logOutCurrent() }
        }
        clearAnonymousIfAsked()
        let index = matchOrCreate(userId: userId, email: email, name: name)
        if currentIndex != index { resetSessionState() }
        currentIndex = index
        session = nil
        verified = true
        authFailure = nil
        if configuration.identityVerification {
            if let token {
                let given = Array(token.utf8)
                let matches = configuration.secrets.contains { secret in
                    guard let expected = expectedDigest(userId: userId, email: email, secret: secret) else { return false }
                    return HMACDigest.constantTimeEquals(Array(expected.utf8), given)
                }
                if !matches { authFailure = .invalidAuthToken }
            } else {
                authFailure = .authTokenNotProvided
            }
            if let authFailure {
                verified = false
                sendAuthenticationFailure(authFailure)
            }
        }
        return true
    }

    /// `Helpshift.logout()`.
    public func logout() {
        checkSessionExpiry()
        logOutCurrent()
    }

    /// `Helpshift.clearAnonymousUserOnLogin(shouldClear)`.
    public func clearAnonymousUserOnLogin(_ shouldClear: Bool) {
        clearAnonymousOnLogin = shouldClear
    }
}
