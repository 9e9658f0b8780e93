import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskMessagingAdapter

@Suite("Zendesk Messaging vendor events")
struct ZendeskMessagingVendorEventTests {
    let plugin = ZendeskMessagingPlugin()
    let now = Date(timeIntervalSince1970: TimeInterval(ZendeskMessagingFixture.start))

    @Test("authenticationFailed whose message contains 'The JWT has expired' is token_expired plus a refresh request")
    func expiredEvent() throws {
        let events = try plugin.mapVendorEvent(
            name: "authenticationFailed", data: ["message": "The JWT has expired"],
            provider: ZendeskMessagingFixture.provider, timestamp: now)
        #expect(events.map(\.name) == [.authenticationFailed, .credentialsRefreshRequested])
        #expect(events[0].error?.code == .tokenExpired)
        #expect(events[0].error?.vendorCode == "expiredJWT")
    }

    @Test("authenticationFailed with another code maps by the code table; a bare 401 is token_invalid")
    func otherFailures() throws {
        let signature = try plugin.mapVendorEvent(
            name: "authenticationFailed", data: ["code": "invalidSignature", "message": "bad"],
            provider: ZendeskMessagingFixture.provider, timestamp: now)
        #expect(signature.map(\.name) == [.authenticationFailed])
        #expect(signature[0].error?.code == .tokenInvalid)
        let bare = try plugin.mapVendorEvent(
            name: "authenticationFailed", data: [:], provider: ZendeskMessagingFixture.provider, timestamp: now)
        #expect(bare[0].error?.code == .tokenInvalid)
        #expect(throws: IdentityError.self) {
            try plugin.mapVendorEvent(
                name: "authenticationFailed", data: "oops", provider: ZendeskMessagingFixture.provider, timestamp: now)
        }
    }

    @Test("unreadMessageCountChanged is unread_count_received; other events pass through as vendor_event")
    func otherEvents() throws {
        let unread = try plugin.mapVendorEvent(
            name: "unreadMessageCountChanged", data: ["currentUnreadCount": 3],
            provider: ZendeskMessagingFixture.provider, timestamp: now)
        #expect(unread.map(\.payload) == [.unreadCount(.init(count: 3, isFromCache: false))])
        #expect(throws: IdentityError.self) {
            try plugin.mapVendorEvent(
                name: "unreadMessageCountChanged", data: ["currentUnreadCount": -1], provider: ZendeskMessagingFixture.provider,
                timestamp: now)
        }
        let other = try plugin.mapVendorEvent(
            name: "connectionStatusChanged", data: ["status": "connected"], provider: ZendeskMessagingFixture.provider, timestamp: now)
        #expect(other.map(\.name) == [.vendorEvent])
        #expect(other.first?.payload == .vendor(name: "connectionStatusChanged", data: ["status": "connected"]))
    }

    @Test("handleVendorEvent emits the mapped events; SDK channel events reach the hub")
    func providerEmits() async throws {
        let session = try Session()
        let events = try await session.provider.handleVendorEvent(name: "unreadMessageCountChanged", data: ["currentUnreadCount": 2])
        #expect(events.map(\.name) == [.unreadCountReceived])
        session.simulator.reportUnreadCount(5)
        #expect(session.names == [.unreadCountReceived, .unreadCountReceived])
        #expect(session.recorder.events.last?.payload == .unreadCount(.init(count: 5, isFromCache: false)))
    }
}
