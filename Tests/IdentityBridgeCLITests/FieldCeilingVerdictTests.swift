import IdentityBridge
import IdentityBridgeStandard
import Testing

/// Issue 26, one rule, one verdict: the library's ceilings on `name` and `email`
/// (`UserIdentity.Limits`, where a vendor states none) give the same `value_too_long` with the
/// field whether a credential is issued or a token carrying the value is verified, in all four kinds.
@Suite struct FieldCeilingVerdictTests {
    typealias T = RuleVerdictTable
    static let longName = String(repeating: "n", count: UserIdentity.Limits.nameMaxBytes + 1)
    static let longEmail =
        String(repeating: "e", count: 64) + "@" + String(repeating: "d", count: UserIdentity.Limits.emailMaxBytes) + ".com"

    /// The issue and verify verdicts of one provider of the table's configuration.
    func verdicts(_ provider: String, user: UserIdentity, token: String, verifyFor: UserIdentity? = nil) throws -> (
        issue: IdentityError?, verify: IdentityError?
    ) {
        let (configuration, _) = try T.configuration()
        let issuer = try configuration.makeIssuer(
            app: T.app, provider: provider, context: IssuerContext(clock: FixedClock(unixSeconds: T.now)))
        return (T.catching { _ = try issuer.issue(for: user) }, T.catching { _ = try issuer.verify(token, for: verifyFor) })
    }

    func expectSame(_ verdicts: (issue: IdentityError?, verify: IdentityError?), field: String, _ comment: Comment) {
        for (path, error) in [("issue", verdicts.issue), ("verify", verdicts.verify)] {
            #expect(error?.code == .valueTooLong, "\(comment) \(path): \(String(describing: error))")
            #expect(error?.field == field, "\(comment) \(path)")
            #expect(error?.vendorCode == verdicts.issue?.vendorCode, "\(comment) \(path)")
        }
    }

    @Test func aNameOverTheCeilingIsRefusedAlikeWhenIssuingAndVerifying() throws {
        let user = UserIdentity(userId: "u-1", email: "ann@example.com", name: Self.longName)
        expectSame(try verdicts("zendesk-chat", user: user, token: T.chat(["name": .string(Self.longName)])), field: "name", "chat")
        expectSame(
            try verdicts("zendesk-support", user: user, token: T.support(["name": .string(Self.longName)])), field: "name", "support")
        expectSame(
            try verdicts("zendesk-messaging", user: user, token: T.messaging(["name": .string(Self.longName)])), field: "name", "messaging")
        // At the ceiling, verifying accepts the name.
        let atCeiling = String(Self.longName.dropFirst())
        #expect(try verdicts("zendesk-chat", user: user, token: T.chat(["name": .string(atCeiling)])).verify == nil)
        #expect(try verdicts("zendesk-messaging", user: user, token: T.messaging(["name": .string(atCeiling)])).verify == nil)
    }

    @Test func anEmailOverTheCeilingIsRefusedAlikeWhenIssuingAndVerifying() throws {
        let user = UserIdentity(userId: "u-1", email: Self.longEmail, name: "Ann")
        // (Zendesk Chat and Support limit an email to 254 characters themselves: their own rule answers first.)
        expectSame(
            try verdicts("zendesk-messaging", user: user, token: T.messaging(["email": .string(Self.longEmail)])), field: "email",
            "messaging")
        // Helpshift's legacy login states no email limit: the ceiling, issuing and verifying a digest for that user.
        expectSame(
            try verdicts("hs-legacy", user: user, token: String(repeating: "0", count: 64), verifyFor: user), field: "email", "helpshift")
    }
}
