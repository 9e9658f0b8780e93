// ZendeskCoreSDK stand-in (see Zendesk.swift): `Jwt`, transcribed from Interfaces/ZendeskCoreSDK.swiftinterface.

/// A JWT identity's user token.
public struct Jwt: Codable {
    public var token: String

    /// A JWT identity with the app's user token.
    public init(token: String) {
        self.token = token
    }
}

extension Jwt: Equatable {}
