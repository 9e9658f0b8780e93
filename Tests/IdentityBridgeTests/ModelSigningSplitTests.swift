import Foundation
import IdentityBridge
import Testing

/// The model (what the app half links) and the signing code each write and read some JSON; these
/// tests hold the two sides to one answer.
@Suite("The model and the signing code agree")
struct ModelSigningSplitTests {
    /// Strings that take every branch of both writers: plain ASCII, each short escape, the other C0
    /// controls (one and two hex digits), DEL, non-ASCII, and lengths around the tuned writer's
    /// eight-byte words.
    static let strings: [String] = [
        "", "a", "ann@example.com", "quote \" and backslash \\", "\n\r\t\u{08}\u{0C}", "\u{00}\u{01}\u{0F}\u{10}\u{1F}",
        "\u{7F}", "é ü 日本 🙂", "12345678", "1234567\"", "12345678\u{01}9", String(repeating: "x\u{1B}", count: 9),
    ]

    static let values: [JSONValue] =
        strings.map(JSONValue.string) + [
            .null, .bool(true), .bool(false), .int(0), .int(-1), .int(.max), .int(.min), .double(1.5), .double(-2.0e20),
            .double(3.0), .double(.infinity), .double(.nan), .array([]), .object([:]),
            .array([.int(1), .string("two"), .array([.null])]),
            .object(["b": .int(2), "a": .string("\u{01}"), "é": .object(["z": .bool(true), "y": .array([])])]),
            .object(["only": .string("member")]),
        ]

    @Test("the model's jsonString is the bytes of the signing code's tuned writer", arguments: values)
    func plainAndTunedWritersAgree(value: JSONValue) {
        var tuned: [UInt8] = []
        value.write(into: &tuned)
        #expect(Array(value.jsonString.utf8) == tuned)
        #expect(value.description == value.jsonString)
    }

    @Test("a credential's JSON is its fields' jsonString, however it is stored")
    func credentialJSON() {
        for credential in [Credential.jwt("a.b\u{01}.c"), Credential(fields: ["userAuthToken": .string("d\"x"), "n": .int(1)])] {
            var bytes: [UInt8] = []
            credential.writeJSON(into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == credential.json.jsonString)
        }
    }

    /// `header.payload.signature` with `payload` as base64url JSON (unpadded).
    static func token(payload: String) -> String {
        let encoded = Data(payload.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJIUzI1NiJ9.\(encoded).c2ln"
    }

    @Test("the model reads exp and iat as the signing code's DecodedJWT does")
    func timeClaimsAgreeWithDecodedJWT() throws {
        // `?>` makes base64 `Pz4`, whose base64url is `Pz4` too; `??` gives `Pz8` and `>>` gives `Pj4`: the
        // payloads below cover the characters base64 and base64url write differently.
        let payloads = [
            #"{"exp":1700000000,"iat":1699990000}"#, #"{"exp":1700000000}"#, #"{"iat":5}"#, #"{"sub":"?>?>"}"#,
            #"{"exp":1.5,"iat":"soon","s":">>>??"}"#, #"{"exp":-3,"x":[1,{"y":null}]}"#,
        ]
        for payload in payloads {
            let token = Self.token(payload: payload)
            let decoded = try DecodedJWT.decode(token)
            let claims = try #require(JWTTimeClaims(token: token))
            #expect(claims.expiresAt == decoded.claim("exp")?.intValue, "\(payload)")
            #expect(claims.issuedAt == decoded.claim("iat")?.intValue, "\(payload)")
        }
    }

    @Test(
        "what is not a JWT has no time claims",
        arguments: [
            "", "a.b", "a.b.c.d", "x.!!!.y", "x.eyJleHAiOjF9=.y", "x.WzFd.y", "plain digest value",
            "x." + String(repeating: "A", count: JWTTimeClaims.maxLength) + ".y",
        ])
    func notAJWT(text: String) {
        #expect(JWTTimeClaims(token: text) == nil)
    }

    @Test("statedExpiry: the issuer's expiresAt first, else the earliest exp of the JWT fields, else nil")
    func statedExpiry() {
        let early = Self.token(payload: #"{"exp":100}"#)
        let late = Self.token(payload: #"{"exp":900}"#)
        let fields = Credential(fields: ["a": .string(late), "b": .string(early), "digest": .string("abc")])
        #expect(fields.statedExpiry == Date(timeIntervalSince1970: 100))
        var stated = fields
        stated.expiresAt = Date(timeIntervalSince1970: 5)
        #expect(stated.statedExpiry == Date(timeIntervalSince1970: 5))
        #expect(Credential(fields: ["userAuthToken": .string("abc")]).statedExpiry == nil)
    }
}
