// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.

/// Who wrote a `ZendeskMessage`.
public enum ZendeskRole: Int, Codable {
    case user
    case business
}
