public import Foundation

/// One uniform event: every vendor event maps into one of these.
///
/// ```swift
/// for await event in provider.events() where event.name == .authenticationFailed {
///     print(event.error?.code ?? "-")
/// }
/// ```
public struct IdentityEvent: Hashable, Sendable, CustomStringConvertible {
    /// The stable snake_case event name.
    public var name: Name
    /// The provider instance that emitted it.
    public var provider: ProviderReference
    /// Typed data.
    public var payload: Payload
    /// When it happened, by the provider's clock.
    public var timestamp: Date

    /// Creates an event. The user of a `logged_out` event is the user who left, as they are after
    /// the logout: `isAuthenticated` is `false` whatever the provider captured before it logged out
    /// (the same in every kind, so a listener never reads "authenticated" in a logout).
    public init(_ name: Name, provider: ProviderReference, payload: Payload = .none, timestamp: Date) {
        self.name = name
        self.provider = provider
        self.payload = payload
        self.timestamp = timestamp
        if name == .loggedOut, case .user(var user) = payload {
            user.isAuthenticated = false
            self.payload = .user(user)
        }
    }

    /// The error carried by a failure event, if any.
    public var error: IdentityError? {
        if case .failure(let error) = payload { return error }
        return nil
    }

    /// The event as one JSON object: `name`, `provider`, `kind`, `data`.
    public var json: JSONValue {
        .object([
            "name": .string(name.rawValue), "provider": .string(provider.name),
            "kind": .string(provider.kind.rawValue), "data": payload.json,
        ])
    }

    /// `name data`.
    public var description: String { "\(name.rawValue) \(payload.json.jsonString)" }
}
