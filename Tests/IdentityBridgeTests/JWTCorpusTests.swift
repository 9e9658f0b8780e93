import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import JWTKit
import Testing

/// The Chat rules the corpus applies on top of structure and signature, on both sides
/// (Zendesk Chat: "external_id ... Max length is 200 characters"; "iat ... permits up to two minutes
/// clock skew"; "exp ... up to a maximum of 7 minutes from the iat value").
enum CorpusRules {
    static let now: Int64 = 1_767_225_600
    static let externalIdMax = 200
    static let skew: Int64 = 120
    static let maxLifetime: Int64 = 420
}

/// jwt-kit's side of the corpus: the Chat claims with the same rules.
struct CorpusChatPayload: JWTPayload {
    var name: String
    var email: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var external_id: String
    var iat: Int64
    var exp: Int64?

    struct RuleError: Error {}

    func verify(using algorithm: some JWTAlgorithm) async throws {
        guard external_id.count <= CorpusRules.externalIdMax, iat <= CorpusRules.now + CorpusRules.skew else { throw RuleError() }
        if let exp {
            guard exp > CorpusRules.now, exp - iat <= CorpusRules.maxLifetime else { throw RuleError() }
        }
    }
}

/// One corpus entry: a token, the uniform error our verifier must give (nil: accepted), and
/// whether jwt-kit accepts it. `difference` documents every case where the two verdicts differ.
struct CorpusCase: CustomTestStringConvertible, Sendable {
    var name: String
    var token: String
    var ours: IdentityError.Code?
    var jwtKitAccepts: Bool
    var difference: String? = nil
    var testDescription: String { name }
}

/// Builds raw tokens from header and payload text, signed with the one-shot HMAC (not the fast path).
enum Corpus {
    static let secret = Secret("corpus-shared-secret-0123456789abcdefghijklmnop")
    static let otherSecret = Secret("another-shared-secret-0123456789abcdefghijklm")
    static let header = #"{"alg":"HS256","typ":"JWT"}"#
    static let payload = #"{"name":"Ann","email":"ann@example.com","external_id":"u-1","iat":1767225600,"exp":1767225900}"#

    static func b64(_ text: String) -> String { Base64URL.encode(Array(text.utf8)) }

    static func sign(_ signingInput: String, _ secret: Secret = secret) -> String {
        Base64URL.encode(HMACDigest.sha256(Array(signingInput.utf8), secret: secret))
    }

    static func token(header: String = header, payload: String, secret: Secret = secret) -> String {
        let input = b64(header) + "." + b64(payload)
        return input + "." + sign(input, secret)
    }

    static func rawToken(headerPart: String, payloadPart: String) -> String {
        let input = headerPart + "." + payloadPart
        return input + "." + sign(input)
    }

    static func payload(replacing old: String, with new: String) -> String {
        payload.replacingOccurrences(of: old, with: new)
    }

    static var cases: [CorpusCase] {
        let valid = token(payload: payload)
        let parts = valid.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var signatureFlipped = Array(parts[2])
        signatureFlipped[5] = signatureFlipped[5] == "A" ? "B" : "A"
        var payloadFlipped = Array(parts[1])
        payloadFlipped[10] = payloadFlipped[10] == "A" ? "B" : "A"
        // The last signature character carries 4 unused bits; set one of them (non-canonical).
        let last = parts[2].last ?? "A"
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let lastIndex = alphabet.firstIndex(of: last) ?? 0
        let nonCanonical = String(parts[2].dropLast()) + String(alphabet[lastIndex ^ 1])
        let longName = String(repeating: "é", count: 20_000)
        let tooLongName = String(repeating: "x", count: 70_000)
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)

        return [
            CorpusCase(name: "valid token", token: valid, ours: nil, jwtKitAccepts: true),
            CorpusCase(
                name: "valid: whitespace in JSON",
                token: token(header: #"{ "alg" : "HS256" }"#, payload: payload.replacingOccurrences(of: ",", with: " ,\n ")), ours: nil,
                jwtKitAccepts: true),
            CorpusCase(
                name: "valid: \\u escapes and unknown claims",
                token: token(payload: payload(replacing: #""Ann""#, with: #""A\u006en\ud83d\ude00","extra":[1,{"a":null}]"#)), ours: nil,
                jwtKitAccepts: true),
            CorpusCase(
                name: "valid: 40 KB claim (under the 64 KiB token limit)",
                token: token(payload: payload(replacing: #""Ann""#, with: "\"\(longName)\"")), ours: nil, jwtKitAccepts: true),
            CorpusCase(
                name: "tampered payload (external_id changed, signature kept)",
                token: parts[0] + "." + b64(payload(replacing: #""u-1""#, with: #""u-2""#)) + "." + parts[2], ours: .tokenInvalid,
                jwtKitAccepts: false),
            CorpusCase(
                name: "tampered payload (one base64 character changed)", token: parts[0] + "." + String(payloadFlipped) + "." + parts[2],
                ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "tampered signature", token: parts[0] + "." + parts[1] + "." + String(signatureFlipped), ours: .tokenInvalid,
                jwtKitAccepts: false),
            CorpusCase(
                name: "signature of another secret", token: token(payload: payload, secret: otherSecret), ours: .tokenInvalid,
                jwtKitAccepts: false),
            CorpusCase(name: "truncated signature", token: String(valid.dropLast()), ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "truncated signature by 3 characters (still valid base64url)", token: String(valid.dropLast(3)), ours: .tokenInvalid,
                jwtKitAccepts: false),
            CorpusCase(name: "empty signature", token: parts[0] + "." + parts[1] + ".", ours: .tokenInvalid, jwtKitAccepts: false),
            CorpusCase(name: "two parts", token: parts[0] + "." + parts[1], ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(name: "four parts", token: valid + ".x", ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(name: "empty token", token: "", ours: .tokenMissing, jwtKitAccepts: false),
            CorpusCase(name: "empty header part", token: "." + parts[1] + "." + parts[2], ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "alg none, no signature", token: b64(#"{"alg":"none"}"#) + "." + parts[1] + ".", ours: .algorithmNotAllowed,
                jwtKitAccepts: false),
            CorpusCase(
                name: "alg none with an HS256 signature", token: token(header: #"{"alg":"none"}"#, payload: payload),
                ours: .algorithmNotAllowed, jwtKitAccepts: true,
                difference:
                    "jwt-kit picks the key by kid and never compares the header's alg with the key's algorithm; we require alg HS256 (RFC 8725 3.1)"
            ),
            CorpusCase(
                name: "alg HS384 with an HS256 signature", token: token(header: #"{"alg":"HS384","typ":"JWT"}"#, payload: payload),
                ours: .algorithmNotAllowed, jwtKitAccepts: true,
                difference: "as above: the header's alg must be HS256 for us"),
            CorpusCase(
                name: "alg RS256 with an HS256 signature (key confusion shape)",
                token: token(header: #"{"alg":"RS256","typ":"JWT"}"#, payload: payload), ours: .algorithmNotAllowed, jwtKitAccepts: true,
                difference: "as above"),
            CorpusCase(
                name: "no alg in the header", token: token(header: #"{"typ":"JWT"}"#, payload: payload), ours: .algorithmNotAllowed,
                jwtKitAccepts: true,
                difference: "jwt-kit treats alg as optional; we require it"),
            CorpusCase(
                name: "alg is a number", token: token(header: #"{"alg":256}"#, payload: payload), ours: .algorithmNotAllowed,
                jwtKitAccepts: false),
            CorpusCase(
                name: "bad base64 in payload", token: rawToken(headerPart: parts[0], payloadPart: "eyJ*bad*"), ours: .tokenMalformed,
                jwtKitAccepts: false),
            CorpusCase(
                name: "bad base64 in signature", token: parts[0] + "." + parts[1] + ".abc$def", ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "standard alphabet '+' in header", token: rawToken(headerPart: parts[0] + "+", payloadPart: parts[1]),
                ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "padded signature", token: valid + "=", ours: .tokenMalformed, jwtKitAccepts: true,
                difference:
                    "RFC 7515 2 defines base64url 'with all trailing = characters omitted'; we accept only that form, jwt-kit also accepts padding"
            ),
            CorpusCase(
                name: "non-canonical trailing bits in signature", token: parts[0] + "." + parts[1] + "." + nonCanonical,
                ours: .tokenMalformed, jwtKitAccepts: true,
                difference:
                    "we accept only the canonical encoding (RFC 4648 3.5: unused bits must be zero), so one signature has exactly one spelling; jwt-kit ignores the unused bits"
            ),
            CorpusCase(name: "payload not JSON", token: token(payload: "hello"), ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(name: "payload a JSON array", token: token(payload: "[1,2]"), ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "payload JSON with trailing data", token: token(payload: payload + "x"), ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "payload truncated JSON", token: token(payload: String(payload.dropLast())), ours: .tokenMalformed,
                jwtKitAccepts: false),
            CorpusCase(
                name: "header not JSON", token: token(header: "HS256", payload: payload), ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "invalid UTF-8 in a claim",
                token: rawToken(
                    headerPart: parts[0],
                    payloadPart: Base64URL.encode(
                        Array(#"{"name":""#.utf8) + [0xC3, 0x28] + Array(#"","email":"a","external_id":"u","iat":1767225600}"#.utf8))),
                ours: .tokenMalformed, jwtKitAccepts: false),
            CorpusCase(
                name: "duplicate claim",
                token: token(payload: payload(replacing: #""external_id":"u-1""#, with: #""external_id":"u-1","external_id":"admin""#)),
                ours: .tokenMalformed, jwtKitAccepts: true,
                difference:
                    "jwt-kit's JSONDecoder keeps one of the duplicates; we reject duplicate keys (RFC 8725 / RFC 7515 5.2: a JWT with duplicate member names must be rejected or treated unambiguously)"
            ),
            CorpusCase(
                name: "duplicate header member", token: token(header: #"{"alg":"HS256","alg":"none"}"#, payload: payload),
                ours: .tokenMalformed, jwtKitAccepts: true, difference: "as above, in the header"),
            CorpusCase(
                name: "iat is a string", token: token(payload: payload(replacing: "\"iat\":1767225600", with: "\"iat\":\"1767225600\"")),
                ours: .claimInvalid, jwtKitAccepts: false),
            CorpusCase(
                name: "iat is a float literal with an integral value",
                token: token(payload: payload(replacing: "\"iat\":1767225600", with: "\"iat\":1767225600.0")), ours: .claimInvalid,
                jwtKitAccepts: true,
                difference: "Chat requires an integer iat; we read 1767225600.0 as a non-integer literal, jwt-kit converts it"),
            CorpusCase(
                name: "iat is fractional", token: token(payload: payload(replacing: "\"iat\":1767225600", with: "\"iat\":1767225600.5")),
                ours: .claimInvalid, jwtKitAccepts: false),
            CorpusCase(
                name: "exp is a boolean", token: token(payload: payload(replacing: "\"exp\":1767225900", with: "\"exp\":true")),
                ours: .claimInvalid, jwtKitAccepts: false),
            CorpusCase(
                name: "external_id is a number",
                token: token(payload: payload(replacing: #""external_id":"u-1""#, with: #""external_id":1"#)), ours: .claimInvalid,
                jwtKitAccepts: false),
            CorpusCase(
                name: "name is null", token: token(payload: payload(replacing: #""name":"Ann""#, with: #""name":null"#)),
                ours: .claimInvalid, jwtKitAccepts: false),
            CorpusCase(
                name: "name missing", token: token(payload: payload(replacing: #""name":"Ann","#, with: "")), ours: .claimMissing,
                jwtKitAccepts: false),
            CorpusCase(
                name: "iat out of 64-bit range",
                token: token(payload: payload(replacing: "\"iat\":1767225600", with: "\"iat\":99999999999999999999")), ours: .claimInvalid,
                jwtKitAccepts: false),
            CorpusCase(
                name: "Chat rule: expired", token: token(payload: payload(replacing: "\"exp\":1767225900", with: "\"exp\":1767225000")),
                ours: .tokenExpired, jwtKitAccepts: false),
            CorpusCase(
                name: "Chat rule: lifetime over 7 minutes",
                token: token(payload: payload(replacing: "\"exp\":1767225900", with: "\"exp\":1767226021")), ours: .tokenLifetimeTooLong,
                jwtKitAccepts: false),
            CorpusCase(
                name: "Chat rule: iat beyond 2 minutes of skew",
                token: token(
                    payload: payload(replacing: "\"iat\":1767225600,\"exp\":1767225900", with: "\"iat\":1767225721,\"exp\":1767225900")),
                ours: .tokenNotYetValid, jwtKitAccepts: false),
            CorpusCase(
                name: "Chat rule: external_id of 201 characters",
                token: token(payload: payload(replacing: #""u-1""#, with: "\"\(String(repeating: "a", count: 201))\"")),
                ours: .valueTooLong, jwtKitAccepts: false),
            CorpusCase(
                name: "Chat rule: external_id of 200 characters",
                token: token(payload: payload(replacing: #""u-1""#, with: "\"\(String(repeating: "a", count: 200))\"")), ours: nil,
                jwtKitAccepts: true),
            CorpusCase(
                name: "very long token (over 64 KiB)", token: token(payload: payload(replacing: #""Ann""#, with: "\"\(tooLongName)\"")),
                ours: .tokenMalformed, jwtKitAccepts: true,
                difference: "we refuse tokens over DecodedJWT.defaultMaxLength (64 KiB) before decoding; jwt-kit has no limit"),
            CorpusCase(
                name: "claim nested 70 deep",
                token: token(payload: payload(replacing: #""name":"Ann","#, with: "\"name\":\"Ann\",\"x\":\(deep),")),
                ours: .tokenMalformed, jwtKitAccepts: true,
                difference: "our parser stops at 64 levels of nesting; jwt-kit's JSONDecoder allows more"),
        ]
    }

    /// Our verdict: decode, HS256 only, signature, typed Chat claims, Chat rules.
    static func ours(_ token: String, signer: HS256Signer) -> IdentityError.Code? {
        do throws(IdentityError) {
            let jwt = try DecodedJWT.decode(token)
            try jwt.requireHS256()
            guard jwt.verifySignature(with: signer) else { return .tokenInvalid }
            _ = try jwt.requiredString("name")
            _ = try jwt.requiredString("email")
            let externalID = try jwt.requiredString("external_id")
            let iat = try jwt.requiredInt("iat")
            let exp = try jwt.optionalInt("exp")
            guard externalID.count <= CorpusRules.externalIdMax else { return .valueTooLong }
            guard iat <= CorpusRules.now + CorpusRules.skew else { return .tokenNotYetValid }
            if let exp {
                guard exp > CorpusRules.now else { return .tokenExpired }
                guard exp - iat <= CorpusRules.maxLifetime else { return .tokenLifetimeTooLong }
            }
            return nil
        } catch {
            return error.code
        }
    }

    static func jwtKitAccepts(_ token: String, keys: JWTKeyCollection) async -> Bool {
        do {
            _ = try await keys.verify(token, as: CorpusChatPayload.self)
            return true
        } catch {
            return false
        }
    }
}

@Suite("JWT corpus: the fast verifier agrees with jwt-kit on structure and signature")
struct JWTCorpusTests {
    @Test("verdicts on the corpus match jwt-kit's, except for the documented differences", arguments: Corpus.cases)
    func corpusVerdict(_ entry: CorpusCase) async throws {
        let signer = HS256Signer(secret: Corpus.secret)
        let keys = await jwtKitKeys(hs256: Corpus.secret.revealedBytes)
        let ours = Corpus.ours(entry.token, signer: signer)
        let kit = await Corpus.jwtKitAccepts(entry.token, keys: keys)
        #expect(ours == entry.ours, "our verdict")
        #expect(kit == entry.jwtKitAccepts, "jwt-kit's verdict")
        if entry.difference == nil {
            #expect((ours == nil) == kit, "undocumented disagreement with jwt-kit")
        } else {
            #expect((ours == nil) != kit, "a documented difference that no longer differs")
        }
        // The one-pass verifier agrees with decode + requireHS256 + verifySignature.
        let onePass: IdentityError.Code?
        do throws(IdentityError) {
            _ = try signer.verify(entry.token)
            onePass = nil
        } catch {
            onePass = error.code
        }
        if let ours, [.tokenMissing, .tokenMalformed, .algorithmNotAllowed, .tokenInvalid].contains(ours) {
            #expect(onePass == ours)
        } else {
            #expect(onePass == nil)
        }
    }

    @Test("the signingInput and signature accessors describe the token exactly")
    func accessors() throws {
        let token = Corpus.token(payload: Corpus.payload)
        let decoded = try DecodedJWT.decode(token)
        let parts = token.split(separator: ".").map(String.init)
        #expect(decoded.signingInput == Array((parts[0] + "." + parts[1]).utf8))
        #expect(decoded.signature == HMACDigest.sha256(decoded.signingInput, secret: Corpus.secret))
        #expect(decoded.header == ["alg": "HS256", "typ": "JWT"])
        #expect(decoded.claims["iat"] == .int(1_767_225_600))
        #expect(decoded.signature.count == 32)
    }
}

@Suite("Minted JWTs: byte-for-byte valid and correctly escaped for any Unicode")
struct JWTMintRoundTripTests {
    static let names: [String] = [
        "Ann", "Zoë \"Q\" O'Neil", #"back\slash\\"#, "tab\there\nnewline\r\u{8}\u{C}", "nul\u{0}and\u{1F}unit\u{7F}del",
        "😀👩🏽‍💻🇳🇿", "שלום עולם", "مرحبا \u{200F}rtl\u{202E}override", "line\u{2028}sep\u{2029}para", "日本語の名前",
        "</script><script>", "\u{FEFF}bom", String(repeating: "ü", count: 300), "",
    ]

    @Test("every minted Chat token verifies with jwt-kit and decodes to the same claims", arguments: names)
    func mintedVerifyWithJWTKit(_ name: String) async throws {
        let signer = HS256Signer(secret: Corpus.secret)
        let email = "\(name)@example.com"
        let token = signer.sign { claims in
            claims.add("name", name)
            claims.add("email", email)
            claims.add("external_id", "u-\(name.unicodeScalars.count)")
            claims.add("iat", CorpusRules.now)
            claims.add("exp", CorpusRules.now + 300)
        }
        let keys = await jwtKitKeys(hs256: Corpus.secret.revealedBytes)
        let payload = try await keys.verify(token, as: CorpusChatPayload.self)
        #expect(payload.name == name)
        #expect(payload.email == email)
        #expect(payload.exp == CorpusRules.now + 300)
        // Our decoder reads back exactly what was written.
        let decoded = try signer.verify(token)
        #expect(try decoded.requiredString("name") == name)
        #expect(try decoded.requiredString("email") == email)
        // The signature matches the one-shot HMAC byte for byte.
        #expect(decoded.signature == HMACDigest.sha256(decoded.signingInput, secret: Corpus.secret))
    }

    @Test("control characters are escaped as JSON requires (RFC 8259 7) and nothing else is")
    func escaping() throws {
        var out: [UInt8] = []
        JSONValue.writeString("a\"b\\c\n\u{1}\u{1F}é😀/", into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""a\"b\\c\n\u0001\u001fé😀/""#)
        for scalar in 0..<0x20 {
            let text = String(Character(Unicode.Scalar(UInt8(scalar))))
            var bytes: [UInt8] = []
            JSONValue.writeString(text, into: &bytes)
            #expect(!bytes.contains { $0 < 0x20 }, "raw control character \(scalar) in output")
            #expect(try JSONValue.parse(bytes: bytes) == .string(text))
        }
        // A special byte at every offset of the eight-byte scan and its tail, or none at all.
        for special in ["", "\"", "\\", "\n", "\u{1F}", "é", "\u{7F}"] {
            for length in [0, 1, 7, 8, 9, 15, 16, 17] {
                for offset in 0...length {
                    var text = String(repeating: "x", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: offset))
                    var bytes: [UInt8] = [UInt8(ascii: "[")]
                    JSONValue.writeString(text, into: &bytes)
                    #expect(try JSONValue.parse(bytes: bytes + [UInt8(ascii: "]")]) == .array([.string(text)]))
                    #expect(bytes.count == 3 + text.utf8.count + (["\"", "\\", "\n"].contains(special) ? 1 : special == "\u{1F}" ? 5 : 0))
                }
            }
        }
    }

    @Test("claims with escapes at every offset, and past the inline buffer, read back exactly")
    func writerOffsets() throws {
        let specials = ["\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "😀", "/", "\u{7F}"]
        for special in specials {
            for length in [0, 1, 7, 8, 9, 16, 17, 100, 400] {
                for offset in Set([0, 1, 7, 8, length / 2, length]) where offset <= length {
                    var text = String(repeating: "x", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: offset))
                    var writer = JWTClaimsWriter()
                    writer.add("name", text)
                    writer.add("iat", Int64(length))
                    writer.add("email_verified", offset % 2 == 0)
                    writer.add("k\(special)", JSONValue.array([.string(text), .int(-1)]))
                    let bytes = writer.finish()
                    let expected: [String: JSONValue] = [
                        "name": .string(text), "iat": .int(Int64(length)), "email_verified": .bool(offset % 2 == 0),
                        "k\(special)": .array([.string(text), .int(-1)]),
                    ]
                    #expect(try JSONValue.parse(bytes: bytes) == .object(expected))
                    #expect(!bytes.contains { $0 < 0x20 })
                }
            }
        }
    }

    @Test("integers are written exactly, including the 64-bit extremes")
    func integers() throws {
        // Every digit count, both sides of each power of ten, both signs, and the extremes.
        var values: [Int64] = [0, 7, -1, 10, 1_767_225_600, Int64.max, Int64.min, Int64.min + 1, -9_000_000_000]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1), power / 7 * 3]
        }
        for value in values {
            var writer = JWTClaimsWriter()
            writer.add("n", value)
            let bytes = writer.finish()
            #expect(String(decoding: bytes, as: UTF8.self) == "{\"n\":\(value)}")
            #expect(try JSONValue.parse(bytes: bytes) == ["n": .int(value)])
        }
    }

    @Test("a Messaging signer writes its kid into the header and picks its own tokens")
    func kidHeader() async throws {
        let signer = HS256Signer(secret: Corpus.secret, keyID: "app_123")
        let other = HS256Signer(secret: Corpus.secret, keyID: "app_456")
        let token = signer.sign {
            $0.add("scope", "user")
            $0.add("external_id", "u-1")
        }
        let decoded = try DecodedJWT.decode(token)
        #expect(decoded.keyID == "app_123")
        #expect(decoded.header == ["alg": "HS256", "typ": "JWT", "kid": "app_123"])
        #expect(signer.writesHeader(of: token))
        #expect(!other.writesHeader(of: token))
        #expect(try signer.verify(token).claims["scope"] == "user")
        let keys = await jwtKitKeys(hs256: Corpus.secret.revealedBytes, kid: "app_123")
        struct Scope: JWTPayload {
            var scope: String
            func verify(using algorithm: some JWTAlgorithm) async throws {}
        }
        #expect(try await keys.verify(token, as: Scope.self).scope == "user")
    }
}

@Suite("Credential primitives: base64, HMAC keys and the JSON scanner")
struct CredentialPrimitiveTests {
    @Test("base64url and standard base64 match Foundation for every length up to 100")
    func base64MatchesFoundation() throws {
        for length in 0...100 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let standard = Data(bytes).base64EncodedString()
            #expect(Base64URL.encodeStandard(bytes, padded: true) == standard)
            let unpadded = standard.replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encodeStandard(bytes, padded: false) == unpadded)
            let url = unpadded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            #expect(Base64URL.encode(bytes) == url)
            var appended: [UInt8] = [1]
            Base64URL.encode(bytes, into: &appended)
            #expect(appended == [1] + Array(url.utf8))
            #expect(Base64URL.decode(Array(url.utf8)) == bytes)
            #expect(Base64URL.decode(url.utf8) == bytes)
        }
    }

    @Test("base64url decoding is strict: no padding, no foreign characters, no stray bits, no impossible length")
    func base64Strict() {
        #expect(Base64URL.decode(Array("QQ==".utf8)) == nil)
        #expect(Base64URL.decode(Array("QQ".utf8)) == [0x41])
        #expect(Base64URL.decode(Array("QR".utf8)) == nil)
        #expect(Base64URL.decode(Array("QUI".utf8)) == [0x41, 0x42])
        #expect(Base64URL.decode(Array("QUJ".utf8)) == nil)
        #expect(Base64URL.decode(Array("Q".utf8)) == nil)
        #expect(Base64URL.decode(Array("ab+d".utf8)) == nil)
        #expect(Base64URL.decode(Array("ab d".utf8)) == nil)
        #expect(Base64URL.decode(Array("ab\u{0}d".utf8)) == nil)
        #expect(Base64URL.decode([0x61, 0x62, 0xFF, 0x64]) == nil)
        #expect(Base64URL.decode([UInt8]()) == [])
    }

    @Test(
        "a precomputed HMAC key gives swift-crypto's one-shot HMAC for every key length", arguments: [0, 1, 31, 32, 63, 64, 65, 128, 300])
    func precomputedKey(_ keyLength: Int) {
        let secret = Secret(bytes: (0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        let key = HMACDigest.Key(secret: secret)
        for messageLength in [0, 1, 55, 56, 64, 200, 1000] {
            let message = (0..<messageLength).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let expected = HMACDigest.sha256(message, secret: secret)
            #expect(key.authenticationCode(for: message) == expected)
            #expect(key.isValid(expected, for: message))
            var wrong = expected
            wrong[31] ^= 1
            #expect(!key.isValid(wrong, for: message))
            #expect(!key.isValid(expected.dropLast(), for: message))
        }
        let user = "user-42 ü"
        let expected = HMACDigest.sha256(Array(user.utf8), secret: secret)
        #expect(key.hex(of: user) == HMACDigest.hex(expected))
        #expect(key.base64(of: user, padded: true) == Data(expected).base64EncodedString())
        #expect(key.base64(of: user, padded: false) == Data(expected).base64EncodedString().replacingOccurrences(of: "=", with: ""))
    }

    @Test("the JSON scanner reads numbers, strings and escapes exactly")
    func scanner() throws {
        #expect(try JSONValue.parse("9223372036854775807") == .int(Int64.max))
        #expect(try JSONValue.parse("-9223372036854775808") == .int(Int64.min))
        #expect(try JSONValue.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try JSONValue.parse("-0") == .int(0))
        #expect(try JSONValue.parse("1e3") == .double(1000))
        #expect(try JSONValue.parse(#""plain""#) == "plain")
        #expect(try JSONValue.parse(#""a\"b\u00e9\ud83d\ude00""#) == "a\"bé😀")
        #expect(try JSONValue.parse(#"{"a":1,"b":[true,null]}"#) == ["a": 1, "b": [true, nil]])
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a":1,"a":2}"#) }
        #expect(try JSONValue.parse(#"{"a":1,"a":2}"#, rejectDuplicateKeys: false) == ["a": 2])
        #expect(throws: JSONParseError.self) { try JSONValue.parse("\"tab\there\"") }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("01") }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#""\ud800""#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes: [0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("{\"a\":1} x") }
    }
}

@Suite("HS256KeyRing: kid lookup among up to ten signing keys (Zendesk Messaging)")
struct HS256KeyRingTests {
    static let ids = (0..<10).map { "app_\($0)0000000000000000000" }
    static func secret(_ i: Int) -> Secret { Secret("messaging-secret-\(i)-0123456789abcdefghijklmnop") }
    static let ring = HS256KeyRing(ids.indices.map { HS256Signer(secret: secret($0), keyID: ids[$0]) })

    @Test("a token minted by any key is verified by that key, found from the header bytes")
    func ownTokens() throws {
        for (index, signer) in Self.ring.signers.enumerated() {
            let token = signer.sign {
                $0.add("scope", "user")
                $0.add("external_id", "u-\(index)")
            }
            let (jwt, used) = try Self.ring.verify(token)
            #expect(used.keyID == Self.ids[index])
            #expect(try jwt.requiredString("external_id") == "u-\(index)")
        }
    }

    @Test("a jwt-kit token (another header layout) is verified through the decoded kid")
    func jwtKitToken() async throws {
        let keys = await jwtKitKeys(hs256: Self.secret(7).revealedBytes, kid: Self.ids[7])
        struct Payload: JWTPayload {
            var scope: String
            // swift-format-ignore: AlwaysUseLowerCamelCase
            var external_id: String
            func verify(using algorithm: some JWTAlgorithm) async throws {}
        }
        let token = try await keys.sign(Payload(scope: "user", external_id: "u-7"), kid: JWKIdentifier(string: Self.ids[7]))
        let (jwt, used) = try Self.ring.verify(token)
        #expect(used.keyID == Self.ids[7])
        #expect(jwt.keyID == Self.ids[7])
    }

    @Test("unknown kid is key_unknown, missing kid is claim_missing, another key's signature is token_invalid")
    func failures() {
        let stranger = HS256Signer(secret: Self.secret(3), keyID: "app_unknown")
        #expect(throws: IdentityError.self) { try Self.ring.verify(stranger.sign { $0.add("scope", "user") }) }
        do {
            _ = try Self.ring.verify(stranger.sign { $0.add("scope", "user") })
        } catch {
            #expect(error.code == .keyUnknown)
            #expect(error.field == "kid")
        }
        do {
            _ = try Self.ring.verify(HS256Signer(secret: Self.secret(3)).sign { $0.add("scope", "user") })
        } catch {
            #expect(error.code == .claimMissing)
            #expect(error.field == "kid")
        }
        // Signed with key 4's secret but claiming key 2's id.
        let impostor = HS256Signer(secret: Self.secret(4), keyID: Self.ids[2])
        do {
            _ = try Self.ring.verify(impostor.sign { $0.add("scope", "user") })
            Issue.record("an impostor token verified")
        } catch {
            #expect(error.code == .tokenInvalid)
        }
    }
}

@Suite("Claims storage: duplicates and lookups beyond the linear fast path")
struct ClaimStorageTests {
    @Test("duplicate claims are rejected in small and large objects alike", arguments: [3, 16, 17, 40])
    func duplicates(_ members: Int) throws {
        let signer = HS256Signer(secret: Corpus.secret)
        let keys = (0..<members).map { "claim_\($0)" }
        let unique = "{" + keys.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
        let decoded = try DecodedJWT.decode(signer.sign(payload: Array(unique.utf8)))
        #expect(decoded.claims.count == members)
        #expect(decoded.claimNames == keys)
        #expect(decoded.claim("claim_\(members - 1)") == .int(1))
        #expect(decoded.claims["claim_0"] == .int(1))
        let duplicated = "{" + (keys + [keys[members / 2]]).map { "\"\($0)\":1" }.joined(separator: ",") + "}"
        #expect(throws: IdentityError.self) { try DecodedJWT.decode(signer.sign(payload: Array(duplicated.utf8))) }
    }

    @Test("known claim names are recognized however they are spelled: an escaped duplicate is still a duplicate")
    func escapedNames() throws {
        let signer = HS256Signer(secret: Corpus.secret)
        let escaped = #"{"name":"Ann","email_verified_and_more":true,"exp":5}"#
        let decoded = try DecodedJWT.decode(signer.sign(payload: Array(escaped.utf8)))
        #expect(try decoded.requiredString("name") == "Ann")
        #expect(decoded.claim("email_verified_and_more") == true)
        #expect(try decoded.requiredInt("exp") == 5)
        let duplicate = #"{"name":"Ann","name":"Eve"}"#
        #expect(throws: IdentityError.self) { try DecodedJWT.decode(signer.sign(payload: Array(duplicate.utf8))) }
        let nonASCII = #"{"nämé":1,"name":2}"#
        let both = try DecodedJWT.decode(signer.sign(payload: Array(nonASCII.utf8)))
        #expect(both.claim("nämé") == 1)
        #expect(both.claim("name") == 2)
    }
}
