// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`.

/// A connection status.
public enum ConnectionStatus: Int, CustomStringConvertible {
    case connecting
    case connected
    case disconnected
    case reconnecting
    case failed
    case unreachable

    /// Whether the chat is connected.
    public var isConnected: Bool { self == .connected }

    /// The status's name.
    public var description: String {
        ["connecting", "connected", "disconnected", "reconnecting", "failed", "unreachable"][rawValue]
    }
}
