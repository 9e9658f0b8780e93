// ZendeskCoreSDK stand-in (see Zendesk.swift): `IdentityType`, transcribed from Interfaces/ZendeskCoreSDK.swiftinterface.

/// The kind of an `Identity`.
public enum IdentityType: Int {
    case anonymous
    case jwt
}
