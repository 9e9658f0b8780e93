import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("parses every JSON type, keeping integers apart from other numbers (\"iat\": 1.5 is not 1)")
    func parsesTypes() throws {
        let value = try JSONValue.parse(#"{"a":1,"b":1.5,"c":"x\u00e9\n","d":[true,false,null],"e":{},"f":-0,"g":1e2}"#)
        #expect(value["a"] == .int(1))
        #expect(value["b"] == .double(1.5))
        #expect(value["c"] == .string("xé\n"))
        #expect(value["d"] == .array([.bool(true), .bool(false), .null]))
        #expect(value["e"] == .object([:]))
        #expect(value["f"] == .int(0))
        #expect(value["g"] == .double(100))
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test("strict RFC 8259: rejects trailing data, duplicates, bad escapes, leading zeros, deep nesting")
    func rejectsInvalid() throws {
        for text in [
            "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "tru", "\"\\x\"", "\"a", "{\"a\":1}x", "{\"a\":1,\"a\":2}",
            "\"\\ud800\"", "\"\u{01}\"", "{a:1}", String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        ] {
            #expect(throws: JSONParseError.self, "\(text.debugDescription)") { try JSONValue.parse(text) }
        }
        #expect(try JSONValue.parse("{\"a\":1,\"a\":2}", rejectDuplicateKeys: false) == ["a": 2])
    }

    @Test("object members parsed in place: the same strict rules as parse, nil for a value that is not an object")
    func objectMembers() throws {
        func members(_ text: String) throws -> JSONObjectMembers? {
            try Array(text.utf8).withUnsafeBytes { try JSONValue.parseObjectMembers(bytes: $0) }
        }
        let text = #" {"user_id":"u-1","email":null,"n":[1,{"x":2}],"e":"e", "user":true} "#
        let object = try #require(try members(text))
        #expect(object.count == 5)
        #expect(object["user_id"] == "u-1")
        #expect(object["email"] == .null)
        #expect(object["e"] == "e")
        #expect(object["user"] == true)
        #expect(object["use"] == nil)
        #expect(object["missing"] == nil)
        #expect(try JSONValue.object(object.dictionary) == JSONValue.parse(text))
        #expect(try members("{}")?.count == 0)
        for other in ["[1]", "\"x\"", "1", "null"] { #expect(try members(other) == nil, "\(other)") }
        for bad in ["", "{", "{\"a\":1}x", "{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}", "[1,]", "{\"a\":\"\u{01}\"}"] {
            #expect(throws: JSONParseError.self, "\(bad.debugDescription)") { try members(bad) }
        }
    }

    @Test("serializes compactly with sorted keys and escapes quotes, backslashes and control characters")
    func serializes() throws {
        let value: JSONValue = ["b": [1, 2.5, nil, true], "a": "q\"\\\n\t\u{01}é😀"]
        #expect(value.jsonString == #"{"a":"q\"\\\n\t\u0001é😀","b":[1,2.5,null,true]}"#)
        #expect(try JSONValue.parse(value.jsonString) == value, "round trip")
        #expect(JSONValue.double(.infinity).jsonString == "null")
        #expect(JSONValue.double(3).jsonString == "3")
    }

    @Test("accessors and type names")
    func accessors() {
        let value: JSONValue = ["s": "x", "i": 2, "b": true, "a": [], "o": [:]]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["i"]?.intValue == 2)
        #expect(value["b"]?.boolValue == true)
        #expect(value["a"]?.arrayValue == [])
        #expect(value["o"]?.objectValue == [:])
        #expect(value["missing"] == nil)
        #expect(JSONValue.null.isNull)
        #expect(
            [JSONValue.null, true, 1, 1.5, "s", [], [:]].map(\.typeName) == [
                "null", "boolean", "number", "number", "string", "array", "object",
            ])
    }
}

@Suite("Base64URL")
struct Base64URLTests {
    @Test("RFC 4648 test vectors, url alphabet, unpadded")
    func vectors() {
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
            #expect(Base64URL.decode(Array(encoded.utf8)) == Array(plain.utf8))
        }
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.encodeStandard([0xFB, 0xFF, 0xBF], padded: true) == "+/+/")
        #expect(Base64URL.encodeStandard(Array("f".utf8), padded: true) == "Zg==")
        #expect(Base64URL.encodeStandard(Array("f".utf8), padded: false) == "Zg")
    }

    @Test("strict decoding: no padding, no standard alphabet, no impossible length, no non-zero trailing bits")
    func strictDecoding() {
        for text in ["Zg==", "+/+/", "Z", "Zh", "Zm9vY", "Zm 9v"] {
            #expect(Base64URL.decode(Array(text.utf8)) == nil, "\(text)")
        }
    }
}

@Suite("IdentityError")
struct IdentityErrorTests {
    @Test("every code named by issue 2 exists with its exact spelling")
    func taxonomy() {
        let issueCodes = """
            missing_identifier invalid_identifier invalid_email invalid_name value_too_long token_missing token_malformed \
            token_invalid algorithm_not_allowed key_unknown claim_missing claim_invalid token_expired token_not_yet_valid \
            token_lifetime_too_long external_id_changed invalid_account_key identity_feature_disabled limit_exceeded \
            invalid_value_type session_expired not_logged_in login_in_progress unsupported_operation configuration_invalid \
            network_error sync_failed
            """.split(separator: " ").map(String.init)
        #expect(issueCodes.count == 27)
        let defined = Set(IdentityError.Code.all.map(\.rawValue))
        for code in issueCodes { #expect(defined.contains(code), "\(code)") }
        #expect(IdentityError.Code.tokenExpired.rawValue == "token_expired")
    }

    @Test("JSON carries code, field, message, vendor_code (null when absent), recovery, provider and kind")
    func json() {
        let provider = ProviderReference(kind: "zendesk-chat", name: "chat-eu")
        let error = IdentityError(
            .tokenExpired, field: "exp", vendorCode: "tokenHasExpired", message: "The JWT expired.", recovery: "Issue a new one.",
            provider: provider)
        #expect(
            error.json == [
                "code": "token_expired", "field": "exp", "vendor_code": "tokenHasExpired", "message": "The JWT expired.",
                "recovery": "Issue a new one.", "provider": "chat-eu", "kind": "zendesk-chat",
            ])
        let bare = IdentityError(.missingIdentifier, message: "No id.")
        #expect(bare.json.jsonString == #"{"code":"missing_identifier","field":null,"message":"No id.","vendor_code":null}"#)
        #expect(error.description == "token_expired [tokenHasExpired] chat-eu (zendesk-chat) exp: The JWT expired. Fix: Issue a new one.")
        #expect(bare.attributed(to: provider).provider == provider)
        #expect(error.attributed(to: ProviderReference(kind: "x")).provider == provider, "an existing provider is kept")
        #expect(IdentityError.unsupported("logout", provider: provider).code == .unsupportedOperation)
    }
}

@Suite("Uniform events")
struct IdentityEventTests {
    @Test("every event name listed by issue 2 exists with its exact spelling")
    func taxonomy() {
        let identity = """
            login_succeeded login_failed logged_out logout_failed anonymous_user_created anonymous_user_cleared identity_reset users_merged \
            authentication_failed fell_back_to_anonymous session_expired credentials_refresh_requested identities_added \
            attributes_updated attributes_rejected
            """.split(separator: " ").map(String.init)
        let session = """
            conversation_status conversation_started message_added agent_message_received action_clicked csat_submitted \
            conversation_ended conversation_rejected conversation_resolved conversation_reopened widget_toggled \
            support_session_started support_session_ended unread_count_received
            """.split(separator: " ").map(String.init)
        #expect(IdentityEvent.Name.identity.map(\.rawValue) == identity)
        #expect(IdentityEvent.Name.supportSession.map(\.rawValue) == session)
    }

    @Test("an event's JSON is name, provider, kind and data")
    func json() {
        let provider = ProviderReference(kind: "helpshift")
        let user = ProviderUser(vendorUserId: "hs-1", externalId: "u-1", isAnonymous: false, isAuthenticated: true)
        let event = IdentityEvent(.loginSucceeded, provider: provider, payload: .user(user), timestamp: Date(timeIntervalSince1970: 0))
        #expect(
            event.json.jsonString
                == #"{"data":{"user":{"anonymous":false,"authenticated":true,"external_id":"u-1","vendor_user_id":"hs-1"}},"kind":"helpshift","name":"login_succeeded","provider":"helpshift"}"#
        )
        let failure = IdentityEvent(
            .authenticationFailed, provider: provider, payload: .failure(IdentityError(.tokenInvalid, message: "bad")), timestamp: Date())
        #expect(failure.error?.code == .tokenInvalid)
        #expect(event.error == nil)
    }
}

@Suite("EventHub")
struct EventHubTests {
    func event(_ name: IdentityEvent.Name) -> IdentityEvent {
        IdentityEvent(name, provider: ProviderReference(kind: "echo"), timestamp: Date(timeIntervalSince1970: 1))
    }

    @Test("observers get every event synchronously, in order, until cancelled")
    func observers() {
        let hub = EventHub()
        let recorder = EventRecorder()
        let observation = recorder.record(hub)
        hub.emit(event(.loginSucceeded))
        hub.emit(event(.loggedOut))
        #expect(recorder.names == [.loginSucceeded, .loggedOut])
        #expect(recorder.drain().count == 2)
        #expect(recorder.events.isEmpty)
        hub.cancel(observation)
        hub.emit(event(.identityReset))
        #expect(recorder.events.isEmpty)
    }

    @Test("streams receive events emitted after they are created and end on finish")
    func streams() async {
        let hub = EventHub()
        hub.emit(event(.loginFailed))
        let stream = hub.stream()
        hub.emit(event(.loginSucceeded))
        hub.emit(event(.loggedOut))
        hub.finish()
        var names: [IdentityEvent.Name] = []
        for await received in stream { names.append(received.name) }
        #expect(names == [.loginSucceeded, .loggedOut])
    }
}

@Suite("Clocks")
struct ClockTests {
    @Test("FixedClock answers one instant; unixSeconds rounds down")
    func fixed() {
        let clock = FixedClock(unixSeconds: 1_767_225_600)
        #expect(clock.unixSeconds() == 1_767_225_600)
        #expect(FixedClock(Date(timeIntervalSince1970: 10.9)).unixSeconds() == 10)
    }

    @Test("ManualClock moves only when told, forward or back")
    func manual() {
        let clock = ManualClock(unixSeconds: 100)
        #expect(clock.unixSeconds() == 100)
        clock.advance(by: 600)
        #expect(clock.unixSeconds() == 700)
        clock.advance(by: -50)
        #expect(clock.unixSeconds() == 650)
        clock.set(Date(timeIntervalSince1970: 5))
        #expect(clock.unixSeconds() == 5)
    }

    @Test("SystemClock follows the wall clock")
    func system() {
        let before = Date()
        let now = SystemClock().now()
        #expect(now >= before)
        #expect(now.timeIntervalSince(before) < 5)
    }
}

@Suite("Registry extension by a custom kind")
struct RegistryExtensionTests {
    @Test("a kind defined in the tests is registered, loaded from YAML, and issues credentials; this package needs no change")
    func customKind() throws {
        var registry = ProviderRegistry()
        #expect(registry.kinds.isEmpty)
        registry.register(SettingsEchoPlugin())
        #expect(registry.kinds == [.echo])
        let configuration = try TestConfiguration.load(
            yaml: """
                apps:
                  web:
                    providers:
                      - kind: echo
                        name: custom
                        secret: ${ECHO_SECRET}
                        token_lifetime: 90s
                """, registry: registry, variables: ["ECHO_SECRET": "echo-secret-value-0123456789abcdef"], file: "custom.yaml")
        let issuer = try configuration.makeIssuer(
            app: "web", provider: "custom", context: IssuerContext(clock: FixedClock(unixSeconds: 1000)))
        #expect(issuer.provider == ProviderReference(kind: .echo, name: "custom"))
        let credential = try issuer.issue(for: UserIdentity(userId: "u-1"))
        let decoded = try DecodedJWT.decode(try #require(credential.jwt))
        #expect(try decoded.requiredInt("exp") == 1090)
        #expect(try issuer.verify(try #require(credential.jwt), for: nil).claims == ["sub": "u-1"])
        #expect(throws: IdentityError.self) {
            try configuration.makeProvider(app: "web", provider: "custom", context: ProviderContext())
        }
    }

    @Test("without the plugin the same YAML is an unknown kind; lookups of missing apps and providers name what exists")
    func unregistered() throws {
        let loader = TestConfiguration.loader(ProviderRegistry())
        do {
            _ = try loader.load(yaml: "apps:\n  web:\n    providers:\n      - kind: echo\n", file: "x.yaml")
            Issue.record("loaded an unknown kind")
        } catch {
            #expect(error.description == "x.yaml:4:15: error: unknown provider kind 'echo' (no provider kinds are registered).")
        }
        let configuration = try loadEcho("apps:\n  web:\n    providers:\n      - kind: echo\n        secret: ${ECHO_SECRET}\n")
        #expect(throws: IdentityError.self) { try configuration.instance(app: "mobile", provider: "echo") }
        do {
            _ = try configuration.instance(app: "web", provider: "other")
        } catch {
            #expect(error.code == .configurationInvalid)
            #expect(error.field == "provider")
            #expect(error.message.contains("providers: echo"))
        }
    }

    @Test("a later plugin of the same kind replaces the earlier one")
    func replacement() {
        struct Other: ProviderPlugin {
            var kind: ProviderKind { .echo }
            func parseSettings(_ reader: SettingsReader) -> SettingsEchoSettings? { nil }
            func makeIssuer(_ settings: SettingsEchoSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext)
                throws(IdentityError) -> any CredentialIssuer
            {
                throw .unsupported("x", provider: instance.reference)
            }
            func makeProvider(_ settings: SettingsEchoSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
                throws(IdentityError) -> any IdentityProvider
            {
                throw .unsupported("x", provider: instance.reference)
            }
        }
        let registry = ProviderRegistry([SettingsEchoPlugin(), Other()])
        #expect(registry.plugin(for: .echo) is Other)
        #expect(registry.kinds == [.echo])
    }
}

@Suite("clock edge values")
struct ClockEdgeTests {
    @Test("unixSeconds clamps instants beyond the 64-bit range instead of trapping")
    func clampsHugeInstants() {
        #expect(FixedClock(Date(timeIntervalSince1970: 1e30)).unixSeconds() == .max)
        #expect(FixedClock(Date(timeIntervalSince1970: -1e30)).unixSeconds() == .min)
        #expect(FixedClock(Date(timeIntervalSince1970: 1_767_225_600.9)).unixSeconds() == 1_767_225_600)
    }
}

@Suite("JSON type names in messages")
struct JSONTypeNameTests {
    @Test("typeNameWithArticle reads as English: an object, an array, a string, a number, a boolean, null")
    func articles() {
        #expect(JSONValue.object([:]).typeNameWithArticle == "an object")
        #expect(JSONValue.array([]).typeNameWithArticle == "an array")
        #expect(JSONValue.string("x").typeNameWithArticle == "a string")
        #expect(JSONValue.int(1).typeNameWithArticle == "a number")
        #expect(JSONValue.bool(true).typeNameWithArticle == "a boolean")
        #expect(JSONValue.null.typeNameWithArticle == "null")
    }

    @Test("a wrongly typed claim is described with the right article")
    func claimMessage() throws {
        let token = HS256Signer(secret: Secret("k")).sign(payload: Array(#"{"exp":{"a":1}}"#.utf8))
        let error = #expect(throws: IdentityError.self) { try DecodedJWT.decode(token).requiredInt("exp") }
        #expect(error?.message == "The \"exp\" claim is an object; it must be an integer number of seconds.")
    }
}

@Suite("UTF8Text byte checks")
struct UTF8TextTests {
    func dotted(_ domain: String) -> Bool {
        UTF8Text.withUTF8(domain) { UTF8Text.isDottedDomain($0) }
    }

    @Test("a domain needs two non-empty dot-separated labels")
    func dottedDomains() {
        #expect(dotted("example.com"))
        #expect(dotted("a.b.c"))
        #expect(!dotted("localhost"))
        #expect(!dotted(".example.com"))
        #expect(!dotted("example.com."))
        #expect(!dotted("example..com"))
        #expect(!dotted(""))
    }

    @Test("control characters are found in both C0 and C1 ranges, not in other non-ASCII text")
    func controlCharacters() {
        #expect(UTF8Text.hasControlCharacter("a\u{7}b"))
        #expect(UTF8Text.hasControlCharacter("a\u{7F}"))
        #expect(UTF8Text.hasControlCharacter("x\u{85}y"))
        #expect(!UTF8Text.hasControlCharacter("Zoë 😀 ¡"))
        #expect(UTF8Text.withUTF8("abc") { UTF8Text.isASCII($0) })
        #expect(!UTF8Text.withUTF8("abç") { UTF8Text.isASCII($0) })
    }

    /// The shape as a plain reading of the definitions would find it (split on `@` and `.`).
    func referenceShape(_ email: String) -> UTF8Text.ASCIIEmailShape {
        let bytes = Array(email.utf8)
        var shape = UTF8Text.ASCIIEmailShape(count: bytes.count)
        shape.atCount = bytes.filter { $0 == UInt8(ascii: "@") }.count
        shape.firstAt = bytes.firstIndex(of: UInt8(ascii: "@")) ?? -1
        shape.hasWhitespace = bytes.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
        shape.hasOtherControl = bytes.contains { ($0 < 0x20 && !(0x09...0x0D).contains($0)) || $0 == 0x7F }
        if shape.firstAt >= 0 {
            let labels = bytes[(shape.firstAt + 1)...].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            shape.hasDottedDomain = labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
        }
        return shape
    }

    @Test("one pass over an ASCII address finds what splitting it finds, for every string over a small alphabet up to length 6")
    func emailShapes() {
        let alphabet: [Character] = ["a", "@", ".", " ", "\t", "\u{1}", "\u{7F}"]
        var strings = [""]
        var frontier = [""]
        for _ in 0..<6 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            strings += frontier
        }
        for email in strings {
            #expect(UTF8Text.withUTF8(email, UTF8Text.asciiEmailShape) == referenceShape(email), "\(email.debugDescription)")
        }
        #expect(UTF8Text.withUTF8("zoë@example.com", UTF8Text.asciiEmailShape) == nil)
        #expect(UTF8Text.withUTF8("zoe.example@example.com", UTF8Text.asciiEmailShape)?.hasDottedDomain == true)
    }
}

/// A port protocol for the port-lookup tests.
private protocol ProbePort: Sendable {}
private struct ProbeSimulator: ProbePort {}
private struct ProbeSettings: ProviderSettings {}
private struct ProbePlugin: ProviderPlugin {
    var kind: ProviderKind { "probe" }
    func parseSettings(_ reader: SettingsReader) -> ProbeSettings? { ProbeSettings() }
    func makeIssuer(_ settings: ProbeSettings, for instance: ProviderInstanceConfiguration, context: IssuerContext) throws(IdentityError)
        -> any CredentialIssuer
    {
        throw .unsupported("makeIssuer", provider: instance.reference)
    }
    func makeProvider(_ settings: ProbeSettings, for instance: ProviderInstanceConfiguration, context: ProviderContext)
        throws(IdentityError)
        -> any IdentityProvider
    {
        throw .unsupported("makeProvider", provider: instance.reference)
    }
}

@Suite("ProviderPlugin.port(_:in:as:named:)")
struct PluginPortLookupTests {
    let instance = ProviderInstanceConfiguration(
        reference: ProviderReference(kind: "probe"), app: "demo", plugin: ProbePlugin(), settings: ProbeSettings())

    @Test("the attached port is returned cast to the plugin's port protocol")
    func attached() throws {
        let context = ProviderContext { _ in ProbeSimulator() }
        let port = try ProbePlugin().port(instance, in: context, as: (any ProbePort).self, named: "probe SDK port")
        #expect(port is ProbeSimulator)
    }

    @Test("no port, or a port of another type, is configuration_invalid at field port naming the missing port")
    func missingOrWrongType() {
        for context in [ProviderContext(), ProviderContext { _ in "not a port" }] {
            let error = #expect(throws: IdentityError.self) {
                try ProbePlugin().port(instance, in: context, as: (any ProbePort).self, named: "probe SDK port")
            }
            #expect(error?.code == .configurationInvalid)
            #expect(error?.field == "port")
            #expect(error?.message == "No probe SDK port is attached for probe of app demo.")
            #expect(error?.recovery?.contains("returns a ProbePort") == true)
            #expect(error?.provider == ProviderReference(kind: "probe"))
        }
    }
}
