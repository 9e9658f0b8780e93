import IdentityBridge
import Testing
import ZendeskMessagingAdapter

/// Audit: error messages end up in logs. Values echoed from a hostile token must be bounded and
/// must not carry raw line breaks or control characters (no forged log lines).
@Suite("Zendesk Messaging audit: echoed token values are bounded and escaped")
struct ZendeskMessagingEchoAuditTests {
    static let hostile = "evil\nINFO forged log line\u{1B}[31m" + String(repeating: "x", count: 20_000)

    func message(
        header: [String: JSONValue] = ZendeskMessagingFixture.goodHeader, claims: [String: JSONValue] = ZendeskMessagingFixture.claims()
    ) throws -> IdentityError {
        let issuer = ZendeskMessagingFixture.issuer(
            try ZendeskMessagingFixture.settings(), clock: ManualClock(unixSeconds: ZendeskMessagingFixture.start))
        let error = #expect(throws: IdentityError.self) {
            try issuer.verify(ZendeskMessagingFixture.forge(header: header, claims: claims), for: nil)
        }
        return try #require(error)
    }

    func expectClean(_ error: IdentityError) {
        #expect(error.message.count < 400, "\(error.code): \(error.message.count) characters")
        #expect(!error.message.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("a hostile scope, kid or typ is echoed bounded and escaped")
    func bounded() throws {
        var claims = ZendeskMessagingFixture.claims()
        claims["scope"] = .string(Self.hostile)
        let scope = try message(claims: claims)
        #expect(scope.code == .claimInvalid)
        expectClean(scope)
        #expect(scope.message.contains("evil\\n"))

        var kid = ZendeskMessagingFixture.goodHeader
        kid["kid"] = .string(Self.hostile)
        let kidError = try message(header: kid)
        #expect(kidError.code == .keyUnknown)
        expectClean(kidError)

        var typ = ZendeskMessagingFixture.goodHeader
        typ["typ"] = .array(Array(repeating: .string(Self.hostile), count: 3))
        let typError = try message(header: typ)
        #expect(typError.code == .tokenMalformed)
        expectClean(typError)
    }
}
