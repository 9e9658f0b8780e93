// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`.
public import Foundation

/// Identifies an observer.
public enum ObservableIdentifier: Hashable {
    case uuid(_: UUID = UUID())
    case identifier(String)
}
