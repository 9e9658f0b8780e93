import IdentityBridge
public import IdentityBridgeClient

extension UserStateCheck {
    /// The no-leak check of the conformance kit and the scenarios, for a user switch: after the
    /// logout, the provider's vendor simulator shows no conversation (none of the previous user's
    /// stays visible). A provider with no simulator in `vendors` passes.
    ///
    /// ```swift
    /// try await client.switchUser(from: ann, to: bob, providers: providers,
    ///                             checks: [.currentUser, .visibleConversations(in: vendors, app: "demo")])
    /// ```
    package static func visibleConversations(in vendors: SimulatedVendors, app: String) -> UserStateCheck {
        UserStateCheck(name: "visible conversations") { provider, _ in
            guard let simulator = vendors.simulator(app: app, provider: provider.reference.name) else { return nil }
            let visible = await simulator.visibleConversationCount()
            return visible == 0 ? nil : "the vendor still shows \(visible) conversation(s) after the logout"
        }
    }

    /// Every no-leak check the kit knows for a switch over `vendors`: `currentUser` and
    /// `visibleConversations(in:app:)`.
    public static func noLeaks(in vendors: SimulatedVendors, app: String) -> [UserStateCheck] {
        [.currentUser, .visibleConversations(in: vendors, app: app)]
    }
}
