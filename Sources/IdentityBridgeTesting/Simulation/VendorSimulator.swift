public import IdentityBridge

/// An independent, in-memory model of one vendor, written from the vendor's specification.
///
/// A simulator is handed to the adapter as its SDK port (``port``); tests and the scenario
/// runner inspect it through this protocol. It is not a mirror of the adapter: a bug in the
/// adapter shows up as a failure against the simulator.
public protocol VendorSimulator: AnyObject, Sendable {
    /// The kind it simulates.
    var kind: ProviderKind { get }
    /// The object handed to the adapter (it conforms to the adapter's port protocol).
    var port: any Sendable { get }
    /// How many users the simulated vendor directory holds (anonymous users included).
    func userCount() async -> Int
    /// How many conversations the current user can see.
    func visibleConversationCount() async -> Int
}

/// Makes simulators of one kind, one per configured provider instance.
public protocol VendorSimulatorFactory: Sendable {
    /// The kind whose simulators it makes.
    var kind: ProviderKind { get }
    /// A fresh simulator for `instance`, with the vendor-side settings taken from its configuration.
    func makeSimulator(for instance: ProviderInstanceConfiguration, clock: any IdentityClock) -> any VendorSimulator
}
