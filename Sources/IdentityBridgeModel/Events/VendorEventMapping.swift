public import Foundation

/// Maps a vendor's raw SDK events (name plus data dictionary) into uniform events.
///
/// Plugins whose vendor emits events conform, so events can be mapped without a configured
/// instance (`identityctl events --provider helpshift`). Unknown events map to `vendor_event`;
/// malformed data throws a specific ``IdentityError``.
public protocol VendorEventMapping: Sendable {
    /// The uniform events for one vendor event.
    func mapVendorEvent(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
}
