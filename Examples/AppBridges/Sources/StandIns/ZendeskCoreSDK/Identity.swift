// ZendeskCoreSDK stand-in (see Zendesk.swift): `Identity`, transcribed from Interfaces/ZendeskCoreSDK.swiftinterface.

/// The identity the Support SDK authenticates with: anonymous, or JWT with the app's user token.
public enum Identity {
    case anonymous(Anonymous)
    case jwt(Jwt)
}

extension Identity {
    /// An anonymous identity; name and email are optional.
    public static func createAnonymous(name: String? = nil, email: String? = nil) -> Identity {
        .anonymous(Anonymous(withName: name, email: email))
    }

    /// A JWT identity: Zendesk exchanges `token` at the account's JWT endpoint.
    public static func createJwt(token: String) -> Identity {
        .jwt(Jwt(token: token))
    }

    /// Whether the identity is anonymous or JWT.
    public var type: IdentityType {
        if case .jwt = self { return .jwt }
        return .anonymous
    }
}

extension Identity: Codable {}

extension Identity: Equatable {}
