import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import Testing

/// Every route and every error path of the HTTP contract, through HummingbirdTesting `.router`.
@Suite struct ServiceRouteTests {
    static let chat = "/v1/apps/demo/providers/chat"
    static let support = "/v1/apps/demo/providers/zendesk-support"
    static let helpshift = "/v1/apps/demo/providers/helpshift"
    static let user = #"{"user_id":"u-1","email":"ann@example.com","name":"Ann Example"}"#

    @Test func healthAndReadiness() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            #expect(try await client.get("/healthz").status == 200)
            let ready = try await client.get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.json["apps"] == 1)
        }
    }

    @Test func credentialsWithAnAPIKeyAnswerWhatIdentityctlTokenPrints() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            for key in [ServiceFixture.apiKey, ServiceFixture.previousAPIKey] {
                let answer = try await client.post("\(Self.chat)/credentials", body: Self.user, bearer: key)
                #expect(answer.status == 200, "\(answer.text)")
                #expect(answer.json["app"] == "demo")
                #expect(answer.json["provider"] == "chat")
                #expect(answer.json["kind"] == "zendesk-chat")
                #expect(answer.json["credential"]?.objectValue?.isEmpty == false)
                // Whole seconds until the JWT's exp on the service's clock (RFC 6749 §5.1).
                let jwt = try DecodedJWT.decode(try #require(answer.json["credential"]?["jwt"]?.stringValue))
                let lifetime = try jwt.requiredInt("exp") - jwt.requiredInt("iat")
                let expiresIn = try #require(answer.json["expires_in"]?.intValue, "\(answer.text)")
                #expect(expiresIn <= lifetime && expiresIn >= lifetime - 1)
                // Byte for byte the compact, sorted-key JSON `identityctl token` prints for that object.
                #expect(answer.text == answer.json.jsonString)
            }
        }
    }

    @Test func theBearerSchemeIsCaseInsensitiveAndItsTokenIsChecked() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            func status(_ authorization: [String]) async throws -> (Int, String?) {
                var headers: HTTPFields = [.contentType: "application/json"]
                for value in authorization { headers.append(HTTPFields.Element(name: .authorization, value: value)) }
                return try await client.client.execute(
                    uri: "\(Self.chat)/credentials", method: .post, headers: headers, body: ByteBuffer(string: Self.user)
                ) { response in
                    (Int(response.status.code), (try? JSONValue.parse(String(buffer: response.body)))?["error"]?["code"]?.stringValue)
                }
            }
            let key = ServiceFixture.apiKey
            for accepted in ["Bearer \(key)", "bearer \(key)", "BEARER \(key)", "bEaReR \(key)", "Bearer   \(key)"] {
                #expect(try await status([accepted]).0 == 200, "\(accepted.prefix(9))")
            }
            for (refused, code) in [
                ("Bearer ", "token_missing"), ("Bearer", "token_missing"), ("Bearer\t\(key)", "token_missing"),
                ("Bearerx\(key)", "token_missing"), ("Basic \(key)", "token_missing"), ("Bearer \(key.dropLast())", "token_invalid"),
            ] {
                let (answer, answerCode) = try await status([refused])
                #expect(answer == 401, "\(refused.prefix(9))")
                #expect(answerCode == code, "\(refused.prefix(9))")
            }
            // Two Authorization fields are read joined ("a, b", as HTTP combines them): never one of them alone.
            #expect(try await status(["Bearer \(key)", "Bearer \(key)"]).0 == 401)
        }
    }

    @Test func callerAuthenticationFailuresAre401() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            for route in ["credentials", "verify", "events"] {
                let missing = try await client.post("\(Self.chat)/\(route)", body: Self.user, bearer: nil)
                #expect(missing.status == 401)
                #expect(missing.errorCode == "token_missing")
                let wrong = try await client.post("\(Self.chat)/\(route)", body: Self.user, bearer: ServiceFixture.apiKey + "x")
                #expect(wrong.status == 401)
                #expect(wrong.errorCode == "token_invalid")
                #expect(!wrong.text.contains(ServiceFixture.apiKey))
            }
            let notBearer = try await client.client.execute(
                uri: "\(Self.chat)/credentials", method: .post, headers: [.authorization: "Basic abc", .contentType: "application/json"]
            ) { Int($0.status.code) }
            #expect(notBearer == 401)
        }
    }

    @Test func unknownAppsProvidersAndPathsAre404() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            // An unknown name is `not_found`; a provider that is served but offers no such operation
            // (Chat has no exchange) is `unsupported_operation`.
            for (path, code) in [
                ("/v1/apps/nope/providers/chat/credentials", "not_found"),
                ("/v1/apps/hidden/providers/zendesk-chat/credentials", "not_found"),
                ("/v1/apps/demo/providers/nope/credentials", "not_found"), ("/v2/anything", "not_found"),
                ("/v1/apps/demo/providers/chat/jwt", "unsupported_operation"),
            ] {
                let answer = try await client.post(path, body: Self.user)
                #expect(answer.status == 404, "\(path)")
                #expect(answer.errorCode == code, "\(path)")
            }
            // An authenticated caller naming an unknown provider is told which ones the app serves.
            let unknown = try await client.post("/v1/apps/demo/providers/nope/credentials", body: Self.user)
            #expect(unknown.errorField == "provider")
            #expect(unknown.text.contains(#"has no provider \"nope\"; it serves \"#), "\(unknown.text)")
        }
    }

    @Test func wrongMethodsAre405WithAllow() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let get = try await client.post("\(Self.chat)/credentials", method: .get)
            #expect(get.status == 405)
            #expect(get.headers[.allow] == "POST")
            #expect(get.errorField == "method")
            let post = try await client.post("/healthz", method: .delete)
            #expect(post.status == 405)
            #expect(post.headers[.allow] == "GET")
        }
    }

    @Test func bodyContentTypeAndJSONErrors() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let large = try await client.post("\(Self.chat)/credentials", body: String(repeating: " ", count: 5000) + Self.user)
            #expect(large.status == 413)
            #expect(large.errorCode == "limit_exceeded")
            let type = try await client.post("\(Self.chat)/credentials", body: Self.user, contentType: "text/plain")
            #expect(type.status == 415)
            for body in ["{", "", "[1]", "\u{FF}"] {
                let malformed = try await client.post("\(Self.chat)/credentials", body: body)
                #expect(malformed.status == 400, "\(body)")
            }
            // Bytes that are not UTF-8 and text that is not JSON are told apart in the message.
            let notUTF8 = try await client.client.execute(
                uri: "\(Self.chat)/credentials", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(ServiceFixture.apiKey)"],
                body: ByteBuffer(bytes: [0x7B, 0xFF, 0x7D])
            ) { ServiceClient.Answer(status: Int($0.status.code), text: String(buffer: $0.body), headers: $0.headers) }
            #expect(notUTF8.status == 400)
            #expect(notUTF8.errorField == "body")
            #expect(notUTF8.json["error"]?["message"]?.stringValue == "The request body is not UTF-8 text.")
            let notJSON = try await client.post("\(Self.chat)/credentials", body: "{")
            #expect(notJSON.json["error"]?["message"]?.stringValue == "The request body is not valid JSON.")
            let notObject = try await client.post("\(Self.chat)/credentials", body: "[1]")
            #expect(notObject.json["error"]?["message"]?.stringValue == "The request body is not a JSON object.")
            let typed = try await client.post("\(Self.chat)/credentials", body: #"{"user_id": 5}"#)
            #expect(typed.status == 422)
            #expect(typed.errorCode == "invalid_value_type")
            #expect(typed.errorField == "user_id")
            let long = String(repeating: "a", count: 201)
            let rule = try await client.post(
                "\(Self.chat)/credentials", body: #"{"user_id": "\#(long)", "name": "Ann", "email": "ann@example.com"}"#)
            #expect(rule.status == 422)
            #expect(rule.errorCode == "value_too_long")
            #expect(rule.errorField == "external_id")
        }
    }

    @Test func verifyAnswersValidTrueOrFalse() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let issued = try await client.post("\(Self.chat)/credentials", body: Self.user)
            let token = try #require(issued.json["credential"]?["jwt"]?.stringValue, "\(issued.text)")
            let valid = try await client.post("\(Self.chat)/verify", body: JSONValue.object(["token": .string(token)]).jsonString)
            #expect(valid.status == 200)
            #expect(valid.json["valid"] == true)
            #expect(valid.json["claims"]?["external_id"] == "u-1")
            let invalid = try await client.post("\(Self.chat)/verify", body: #"{"token": "not-a-jwt"}"#)
            #expect(invalid.status == 200)
            #expect(invalid.json["valid"] == false)
            #expect(invalid.json["error"]?["code"]?.stringValue != nil)
            let missing = try await client.post("\(Self.chat)/verify", body: #"{}"#)
            #expect(missing.status == 401)
            #expect(missing.errorField == "token")
            #expect(try await client.post("\(Self.chat)/verify", body: "{").status == 400)
        }
    }

    @Test func jwtRouteExchangesTheLibrarysUserToken() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let issued = try await client.post("\(Self.support)/credentials", body: Self.user)
            let userToken = try #require(issued.json["credential"]?["user_token"]?.stringValue, "\(issued.text)")
            let form = "application/x-www-form-urlencoded"
            let exchanged = try await client.post("\(Self.support)/jwt", body: "user_token=\(userToken)", contentType: form, bearer: nil)
            #expect(exchanged.status == 200, "\(exchanged.text)")
            #expect(exchanged.json["jwt"]?.stringValue?.split(separator: ".").count == 3)
            let refused = try await client.post("\(Self.support)/jwt", body: "user_token=abc.def", contentType: form, bearer: nil)
            #expect(refused.status == 401)
            let malformed = try await client.post("\(Self.support)/jwt", body: "token=abc", contentType: form, bearer: nil)
            #expect(malformed.status == 400)
            let type = try await client.post("\(Self.support)/jwt", body: "user_token=abc", contentType: "application/json", bearer: nil)
            #expect(type.status == 415)
            let large = try await client.post(
                "\(Self.support)/jwt", body: String(repeating: "a", count: 5000), contentType: form, bearer: nil)
            #expect(large.status == 413)
        }
    }

    @Test func sessionTokensOfEveryAlgorithmAuthenticateAndTheirClaimsAreTheUser() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            for kid in ["ec-1", "rsa-1", "hs"] {
                let token = try await fixture.sessionToken(kid: kid)
                // The body names another user: the claims win.
                let answer = try await client.post("\(Self.chat)/credentials", body: #"{"user_id": "intruder"}"#, bearer: token)
                #expect(answer.status == 200, "\(kid): \(answer.text)")
                let jwt = try #require(answer.json["credential"]?["jwt"]?.stringValue)
                let verified = try await client.post("\(Self.chat)/verify", body: JSONValue.object(["token": .string(jwt)]).jsonString)
                #expect(verified.json["claims"]?["external_id"] == "u-42", "\(kid)")
                let empty = try await client.post("\(Self.chat)/credentials", body: "", contentType: nil, bearer: token)
                #expect(empty.status == 200, "\(kid): \(empty.text)")
            }
            // A session token proves a user, not the backend: verify and events want the API key.
            let token = try await fixture.sessionToken()
            #expect(try await client.post("\(Self.chat)/verify", body: #"{"token":"x"}"#, bearer: token).status == 401)
        }
    }

    @Test func sessionTokensWithWrongClaimsOrSignaturesAre401() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let cases: [(String, String)] = [
                ("wrong audience", try await fixture.sessionToken(aud: "other-app")),
                ("wrong issuer", try await fixture.sessionToken(iss: "https://evil.example.com")),
                ("expired", try await fixture.sessionToken(expiresIn: -3600)),
                ("unsigned", Self.unsigned(try await fixture.sessionToken())),
            ]
            for (name, token) in cases {
                let answer = try await client.post("\(Self.chat)/credentials", body: "", contentType: nil, bearer: token)
                #expect(answer.status == 401, "\(name): \(answer.text)")
                #expect(!answer.text.contains(token), "\(name)")
            }
            // Within the 60 s leeway an expired token still passes.
            let leeway = try await fixture.sessionToken(expiresIn: -30)
            #expect(try await client.post("\(Self.chat)/credentials", body: "", contentType: nil, bearer: leeway).status == 200)
        }
    }

    /// The token with `alg: none` and no signature.
    static func unsigned(_ token: String) -> String {
        let parts = token.split(separator: ".")
        let header = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64URLEncodedString()
        return "\(header).\(parts[1])."
    }

    @Test func jwtRouteAcceptsTheAppsSessionTokenAsUserToken() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let token = try await fixture.sessionToken()
            let form = "application/x-www-form-urlencoded"
            let answer = try await client.post("\(Self.support)/jwt", body: "user_token=\(token)", contentType: form, bearer: nil)
            #expect(answer.status == 200, "\(answer.text)")
            let forged = try await fixture.sessionToken(aud: "other-app")
            let refused = try await client.post("\(Self.support)/jwt", body: "user_token=\(forged)", contentType: form, bearer: nil)
            #expect(refused.status == 401)
        }
    }

    @Test func eventsMapJSONLinesAndReportBadLines() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let body = #"{"name": "widgetToggle", "data": {"visible": true}}"# + "\nnot json\n\n"
            let answer = try await client.post("\(Self.helpshift)/events", body: body, contentType: "application/x-ndjson")
            #expect(answer.status == 200, "\(answer.text)")
            let lines = answer.text.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            #expect(lines.count >= 2)
            #expect(lines.first?["name"]?.stringValue != nil)
            #expect(lines.last?["line"] == 2)
            #expect(lines.last?["error"]?["code"] == "invalid_value_type")
            let type = try await client.post("\(Self.helpshift)/events", body: body, contentType: "image/png")
            #expect(type.status == 415)
        }
    }

    /// The route reads a line as `identityctl events` does: `"data": null` is absent data (issue 15 A4).
    @Test func eventsReadNullDataAsAbsentLikeTheCommand() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let body = #"{"name": "someUnknownEvent", "data": null}"# + "\n" + #"{"name": "someUnknownEvent"}"# + "\n"
            let answer = try await client.post("\(Self.helpshift)/events", body: body, contentType: "application/x-ndjson")
            #expect(answer.status == 200, "\(answer.text)")
            let lines = answer.text.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
            #expect(lines.count == 2)
            #expect(lines.allSatisfy { $0["error"] == nil && $0["name"] != nil }, "\(answer.text)")
            #expect(lines.first == lines.last)
        }
    }

    @Test func metricsCountRequestsAndCredentials() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            _ = try await client.post("\(Self.chat)/credentials", body: Self.user)
            _ = try await client.post("\(Self.chat)/credentials", body: #"{"user_id": "\#(String(repeating: "a", count: 300))"}"#)
            _ = try await client.post("\(Self.chat)/credentials", body: Self.user)
            _ = try await client.post("\(Self.chat)/credentials", body: Self.user, bearer: "wrong-key")
            _ = try await client.get("/no/such/path/\(String(repeating: "x", count: 40))")
            let metrics = try await client.get("/metrics")
            #expect(metrics.status == 200)
            // Each (route, status, app, provider) is one series, counted across requests; a wrong API key is refused
            // under the provider its path names (issue 59), and counted as an API key refusal by code.
            #expect(
                metrics.text.contains(
                    #"identitybridge_http_requests_total{route="/v1/apps/{app}/providers/{provider}/credentials",status="200",app="demo",provider="chat"} 2"#
                ), "\(metrics.text)")
            #expect(
                metrics.text.contains(
                    #"identitybridge_http_requests_total{route="/v1/apps/{app}/providers/{provider}/credentials",status="401",app="demo",provider="chat"} 1"#
                ), "\(metrics.text)")
            #expect(!metrics.text.contains(#"status="401",app="demo",provider=""}"#), "\(metrics.text)")
            #expect(
                metrics.text.contains(#"identitybridge_auth_refusals_total{app="demo",credential="api_key",code="token_invalid"} 1"#))
            #expect(
                metrics.text.contains(
                    #"identitybridge_credentials_refused_total{app="demo",kind="zendesk-chat",provider="chat",code="#),
                "\(metrics.text)")
            #expect(
                metrics.text.contains(
                    #"identitybridge_http_request_duration_seconds_count{route="/v1/apps/{app}/providers/{provider}/credentials"} 4"#))
            // A path no route matches is one series, whatever the path (never the raw path as a label).
            #expect(
                metrics.text.contains(#"identitybridge_http_requests_total{route="unmatched",status="404",app="",provider=""} 1"#),
                "\(metrics.text)")
            // Every family has a # HELP line.
            let types = metrics.text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
            let helped = Set(metrics.text.split(separator: "\n").filter { $0.hasPrefix("# HELP ") }.map { $0.split(separator: " ")[2] })
            #expect(!types.isEmpty && types.allSatisfy { helped.contains($0) }, "\(metrics.text)")
            #expect(!metrics.text.contains("no/such/path"))
            #expect(metrics.text.contains("identitybridge_http_request_duration_seconds_bucket"))
            #expect(metrics.text.contains("identitybridge_credentials_issued_total"))
            #expect(metrics.text.contains("identitybridge_credentials_refused_total"))
        }
    }

    @Test func noInputGivesA500OrLeaksASecret() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            var generator = SystemRandomNumberGenerator()
            let bodies =
                [
                    "", "{}", "null", #"{"user_id":null}"#, "user_token=", "user_token=%ZZ", "\u{0}",
                    "{\"a\":" + String(repeating: "[", count: 2000),
                ]
                + (0..<20).map { _ in
                    String(
                        decoding: (0..<Int.random(in: 1...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                        }, as: UTF8.self)
                }
            let secrets = ServiceFixture.variables.values
            for route in ["credentials", "jwt", "verify", "events"] {
                for provider in ["chat", "zendesk-support", "helpshift"] {
                    for (body, type) in bodies.flatMap({ b in
                        ["application/json", "application/x-www-form-urlencoded", "text/plain"].map { (b, $0) }
                    }) {
                        let answer = try await client.post("/v1/apps/demo/providers/\(provider)/\(route)", body: body, contentType: type)
                        #expect(answer.status < 500 || answer.status == 503 && answer.errorCode != nil, "\(route) \(provider)")
                        #expect(answer.status != 500)
                        for secret in secrets { #expect(!answer.text.contains(secret), "\(route) leaked a secret") }
                    }
                }
            }
        }
    }
}
