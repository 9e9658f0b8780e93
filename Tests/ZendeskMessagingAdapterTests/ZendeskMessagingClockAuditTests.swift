import Foundation
import IdentityBridge
import Testing
import ZendeskMessagingAdapter

/// Audit: `identityctl token --now UNIX` can put the clock anywhere; issuing must fail cleanly,
/// not trap, when now + token_lifetime does not fit the 64-bit `exp`.
@Suite("Zendesk Messaging audit: issuing at an extreme clock")
struct ZendeskMessagingClockAuditTests {
    @Test("now + token_lifetime overflowing exp -> claim_invalid on exp, not a trap")
    func issueAtExtremeClock() throws {
        // The largest Double below 2^63: unixSeconds() is representable, + 3600 is not.
        let clock = FixedClock(Date(timeIntervalSince1970: 9_223_372_036_854_774_784))
        let issuer = ZendeskMessagingFixture.issuer(try ZendeskMessagingFixture.settings(), clock: clock)
        let error = #expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(userId: "u-1")) }
        #expect(error?.code == .claimInvalid)
        #expect(error?.field == "exp")
        #expect(error?.recovery?.isEmpty == false)
        // A sane clock still issues.
        #expect(
            try ZendeskMessagingFixture.issuer(
                try ZendeskMessagingFixture.settings(), clock: FixedClock(unixSeconds: ZendeskMessagingFixture.start)
            ).issue(
                for: UserIdentity(userId: "u-1")
            ).jwt != nil)
    }
}
