// ZendeskCoreSDK stand-in (see Zendesk.swift): `Anonymous`, transcribed from Interfaces/ZendeskCoreSDK.swiftinterface.

/// An anonymous identity's details.
public struct Anonymous: Codable {
    public var name: String?, email: String?

    /// An anonymous identity with an optional name and email.
    public init(withName name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}

extension Anonymous: Equatable {}
