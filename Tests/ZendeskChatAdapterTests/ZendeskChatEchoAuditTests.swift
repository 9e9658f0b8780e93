import IdentityBridge
import Testing
import ZendeskChatAdapter

/// Audit: an invalid email is echoed in the error message, which ends up in logs: it must not
/// carry raw line breaks or control characters.
@Suite("Zendesk Chat audit: echoed email is escaped")
struct ZendeskChatEchoAuditTests {
    @Test("a hostile email claim is echoed bounded and without control characters")
    func escapedEmail() throws {
        let hostile = "a@b\nINFO forged\u{1B}[31m" + String(repeating: "x", count: 5_000)
        let issuer = try ZendeskChatFixture.issuer(clock: ManualClock(unixSeconds: ZendeskChatFixture.start))
        let error = #expect(throws: IdentityError.self) {
            try issuer.verify(ZendeskChatFixture.token(ZendeskChatFixture.claims(["email": .string(hostile)])), for: nil)
        }
        #expect(error?.code == .invalidEmail)
        let message = error?.message ?? ""
        #expect(message.count < 200)
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(message.contains("a@b\\n"))
        let issueError = #expect(throws: IdentityError.self) {
            try issuer.issue(for: UserIdentity(userId: "u-1", email: hostile, name: "Ann"))
        }
        #expect(issueError?.message.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
    }
}
