import IdentityBridge
import Testing
import ZendeskSupportAdapter

/// Audit: an invalid email is echoed in the error message (and the endpoint's 401 body), which
/// ends up in logs: it must not carry raw line breaks or control characters.
@Suite("Zendesk Support audit: echoed email is escaped")
struct ZendeskSupportEchoAuditTests {
    @Test("a hostile email is echoed bounded and without control characters")
    func escapedEmail() throws {
        let hostile = "a@b\nINFO forged\u{1B}[31m" + String(repeating: "x", count: 5_000)
        let issuer = try ZendeskSupportFixture.issuer(.anonymous, clock: ManualClock(unixSeconds: ZendeskSupportFixture.start))
        let error = #expect(throws: IdentityError.self) { try issuer.issue(for: UserIdentity(email: hostile)) }
        #expect(error?.code == .invalidEmail)
        let message = error?.message ?? ""
        #expect(message.count < 200)
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(message.contains("a@b\\n"))
    }
}
