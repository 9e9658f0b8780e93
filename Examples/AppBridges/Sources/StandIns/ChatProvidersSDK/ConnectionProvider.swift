// STAND-IN (see Chat.swift): transcribed from `Interfaces/ChatProvidersSDK.swiftinterface`; in-memory fake.
public import Foundation

/// The connection to the Chat backend.
public final class ConnectionProvider: NSObject {
    private var observers: [ObservableIdentifier: (ConnectionStatus) -> Void] = [:]
    private var current = ConnectionStatus.disconnected

    override init() { super.init() }

    /// The current status.
    public var status: ConnectionStatus { current }

    /// Connects (or re-authenticates a connected chat): asks the authenticator for a token first. Offline the
    /// status goes to `unreachable`, on a failing web socket to `failed`, and a stalled backend leaves it
    /// `connecting` (the stand-in's `standIn.network`).
    public func connect() {
        update(.connecting)
        guard let chat = Chat.instance else { return update(.connected) }
        switch chat.state.network {
        case .offline: return update(.unreachable)
        case .socketFails: return update(.failed)
        case .stalled: return
        case .online: chat.authenticate { self.update(.connected) }
        }
    }

    /// Disconnects.
    public func disconnect() { update(.disconnected) }

    /// Calls `completion` on every status change until the token is cancelled; an observer with the same
    /// `identifier` replaces the previous one.
    public func observeConnectionStatus(
        identifier: ObservableIdentifier = .uuid(), _ completion: @escaping (ConnectionStatus) -> Void
    ) -> ObservationToken {
        observers[identifier] = completion
        return ObservationToken(id: identifier) { [weak self] in self?.observers[identifier] = nil }
    }

    private func update(_ status: ConnectionStatus) {
        current = status
        for handler in Array(observers.values) { handler(status) }
    }
}
