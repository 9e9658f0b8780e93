// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.
import Foundation
import ZendeskSDKConversationKit
import ZendeskSDKHTTPClient

extension Zendesk {
    /// Authenticates the user the JWT names. On failure the SDK falls back to an unauthenticated user.
    public func loginUser(with jwt: String, completionHandler: ((Result<ZendeskUser, any Error>) -> Void)? = nil) {
        let result = login(jwt)
        completionHandler?(result)
    }

    /// Unauthenticates the user.
    public func logoutUser(completionHandler: ((Result<Void, any Error>) -> Void)? = nil) {
        let result = logout()
        completionHandler?(result)
    }

    /// The fake's login: the JWT's payload is read, not verified.
    func login(_ jwt: String) -> Result<ZendeskUser, any Error> {
        standInState.loginCalls.append(jwt)
        let refusal: (any Error)?
        let claims = Self.claims(of: jwt)
        let externalId = claims?["external_id"] as? String
        if standInState.offline {
            let httpError = HTTPError.requestFailed(error: URLError(.notConnectedToInternet))
            refusal = ConversationKitError.httpError(description: httpError.localizedDescription, httpError: httpError)
        } else if let refuseNextLogin = standInState.refuseNextLogin {
            standInState.refuseNextLogin = nil
            refusal = refuseNextLogin
        } else if claims == nil {
            refusal = ConversationKitError.failedToDecodeJWT
        } else if let exp = (claims?["exp"] as? NSNumber)?.doubleValue, exp <= Date().timeIntervalSince1970 {
            refusal = ConversationKitError.expiredJWT
        } else if externalId == nil {
            refusal = ConversationKitError.failedToDecodeJWT
        } else {
            refusal = nil
        }
        if let refusal {
            standInState.user = ZendeskUser(id: UUID().uuidString, externalId: "", authenticationType: .unauthenticated)
            return .failure(refusal)
        }
        let user = ZendeskUser(id: "zd-\(externalId ?? "")", externalId: externalId ?? "", authenticationType: .jwt)
        standInState.user = user
        return .success(user)
    }

    func logout() -> Result<Void, any Error> {
        standInState.logoutCalls += 1
        standInState.user = nil
        return .success(())
    }

    /// The JWT's payload (base64url JSON), `nil` when it is not a three-part JWT with a JSON object payload.
    static func claims(of jwt: String) -> [String: Any]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
