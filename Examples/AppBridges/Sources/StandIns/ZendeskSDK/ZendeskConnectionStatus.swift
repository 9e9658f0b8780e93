// Part of the STAND-IN for `ZendeskSDK` (see Zendesk.swift), transcribed from `Interfaces/ZendeskSDK.swiftinterface`.

/// The connection's status (`ZendeskEvent.connectionStatusChanged`).
public enum ZendeskConnectionStatus: Int {
    case disconnected = 0
    case connected = 1
    case connectingRealtime = 2
    case connectedRealtime = 3

    /// The case's name.
    public var stringValue: String { String(describing: self) }
}
