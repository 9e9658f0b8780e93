import IdentityBridge
import Testing
import ZendeskSupportAdapter

/// "Zendesk's servers then POST that token to the customer's JWT endpoint as the form field
/// user_token (application/x-www-form-urlencoded) and expect {"jwt": "<token>"} back, or HTTP 401."
@Suite("Zendesk Support JWT endpoint handler")
struct TokenExchangeEndpointTests {
    let clock = ManualClock(unixSeconds: ZendeskSupportFixture.start)

    func endpoint() throws -> (TokenExchangeEndpoint, String) {
        let issuer = try ZendeskSupportFixture.issuer(clock: clock)
        return (TokenExchangeEndpoint(exchanger: issuer), try #require(try issuer.issue(for: ZendeskSupportFixture.ann)["user_token"]))
    }

    @Test("200 {\"jwt\": ...} for a valid user token, with other fields and a charset parameter")
    func ok() async throws {
        let (endpoint, token) = try endpoint()
        let response = await endpoint.handle(
            formBody: "foo=bar&user_token=\(token)&x=", contentType: "Application/X-WWW-Form-Urlencoded; charset=UTF-8")
        #expect(response.status == 200)
        let jwt = try #require(response.jwt)
        #expect(try DecodedJWT.decode(jwt).claims["email"] == "ann@example.com")
        #expect(response.bodyText == "{\"jwt\":\"\(jwt)\"}")
    }

    @Test("percent-encoded and byte bodies are decoded")
    func encoded() async throws {
        let (endpoint, token) = try endpoint()
        let encoded = token.replacingOccurrences(of: ".", with: "%2E").replacingOccurrences(of: "-", with: "%2d")
        #expect(await endpoint.handle(formBody: "user_token=\(encoded)", contentType: ZendeskSupportFixture.form).status == 200)
        #expect(await endpoint.handle(formBody: Array("user%5Ftoken=\(token)".utf8), contentType: ZendeskSupportFixture.form).status == 200)
    }

    @Test("+ decodes to a space (form encoding), so a token with + is not the same token")
    func plusIsSpace() async throws {
        #expect(try FormBody.value("user_token", in: "user_token=a+b%2Bc") == "a b+c")
    }

    @Test("415 for a wrong or missing content type; 400 for a missing, empty or repeated field, bad escapes, non-UTF-8 bytes")
    func badRequests() async throws {
        let (endpoint, token) = try endpoint()
        for contentType in ["application/json", nil] {
            let response = await endpoint.handle(formBody: "user_token=\(token)", contentType: contentType)
            #expect(response.status == 415)
            #expect(response.error?.code == .invalidValueType)
        }
        let cases: [(Response: TokenExchangeEndpoint.Response, IdentityError.Code)] = [
            (await endpoint.handle(formBody: "token=\(token)", contentType: ZendeskSupportFixture.form), .tokenMissing),
            (await endpoint.handle(formBody: "user_token=", contentType: ZendeskSupportFixture.form), .tokenMissing),
            (await endpoint.handle(formBody: "", contentType: ZendeskSupportFixture.form), .tokenMissing),
            (
                await endpoint.handle(formBody: "user_token=\(token)&user_token=\(token)", contentType: ZendeskSupportFixture.form),
                .tokenMalformed
            ),
            (await endpoint.handle(formBody: "user_token=%ZZ", contentType: ZendeskSupportFixture.form), .tokenMalformed),
            (await endpoint.handle(formBody: [0x75, 0xFF, 0xFE], contentType: ZendeskSupportFixture.form), .tokenMalformed),
        ]
        for (response, code) in cases {
            #expect(response.status == 400)
            #expect(response.error?.code == code)
            #expect(response.body["error"]?["code"]?.stringValue == code.rawValue)
        }
    }

    @Test("401 for forged, expired and malformed user tokens, with the uniform error")
    func unauthorized() async throws {
        let (endpoint, token) = try endpoint()
        let forged = ZendeskSupportFixture.userToken(
            ["name": "A", "email": "a@example.com", "iat": 1, "exp": .int(ZendeskSupportFixture.start + 60)],
            key: Secret("forger-key-0123456789-0123456789"))
        #expect(
            await endpoint.handle(formBody: "user_token=\(forged)", contentType: ZendeskSupportFixture.form).error?.code == .tokenInvalid)
        #expect(
            await endpoint.handle(formBody: "user_token=garbage", contentType: ZendeskSupportFixture.form).error?.code == .tokenMalformed)
        clock.advance(by: 600)
        let expired = await endpoint.handle(formBody: "user_token=\(token)", contentType: ZendeskSupportFixture.form)
        #expect(expired.status == 401)
        #expect(expired.error?.code == .tokenExpired)
        #expect(!expired.bodyText.contains(ZendeskSupportFixture.secret.revealed))
    }
}
