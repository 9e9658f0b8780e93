import Foundation
import IdentityBridge
import Testing

/// The claims parser reads eight bytes at a time (string bodies, member names) and tracks known
/// names with a bit set. These tests put every special byte at every offset of a word, near the
/// end of the buffer and in the middle, and compare each result with Foundation's JSON parser.
@Suite("Claims scanner: word-at-a-time reading agrees with Foundation at every offset")
struct ClaimsScannerTests {
    static let signer = HS256Signer(secret: Corpus.secret)

    /// Decodes `json` as the payload of a signed token.
    static func decode(_ json: String) throws(IdentityError) -> DecodedJWT {
        try DecodedJWT.decode(signer.sign(payload: Array(json.utf8)))
    }

    /// The claims as Foundation reads them, with numbers as Int64 and strings as String.
    static func foundationClaims(_ json: String) throws -> [String: JSONValue] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return object.mapValues { value in
            if let string = value as? String { return .string(string) }
            if let number = value as? NSNumber { return .int(number.int64Value) }
            return .null
        }
    }

    /// Plain text of `length` characters with `special` (already JSON-escaped) spliced in at `offset`.
    static func text(length: Int, special: String, at offset: Int) -> String {
        let filler = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var characters = (0..<length).map { String(filler[$0 % filler.count]) }
        characters.insert(special, at: min(offset, characters.count))
        return characters.joined()
    }

    static let specials = [
        #"\""#, #"\\"#, #"\n"#, #"\u0001"#, #"\u001f"#, #"\/"#, "é", "😀", "\u{7F}", "Zoë", #"\u00e9"#, #"\ud83d\ude00"#,
    ]

    @Test("a string value with a quote, backslash, control escape or non-ASCII at any offset reads as Foundation reads it")
    func stringValues() throws {
        for special in Self.specials {
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 31] {
                for offset in 0...length {
                    let value = Self.text(length: length, special: special, at: offset)
                    // The value first (the word loads run well inside the buffer) and last (they run into its end).
                    for json in [#"{"name":"\#(value)","iat":1}"#, #"{"iat":1,"name":"\#(value)"}"#] {
                        let decoded = try Self.decode(json)
                        #expect(decoded.claims == (try Self.foundationClaims(json)), "\(json)")
                    }
                }
            }
        }
    }

    @Test("a raw control character or invalid UTF-8 at any offset is refused")
    func invalidStrings() throws {
        for length in [0, 3, 8, 12, 20] {
            for offset in 0...length {
                for bad: [UInt8] in [[0x01], [0x1F], [0x0A], [0xC3, 0x28], [0xFF], [0xED, 0xA0, 0x80]] {
                    var value = Array(Self.text(length: length, special: "", at: 0).utf8)
                    value.insert(contentsOf: bad, at: offset)
                    let json = Array(#"{"iat":1,"name":""#.utf8) + value + Array(#""}"#.utf8)
                    #expect(throws: IdentityError.self) { try DecodedJWT.decode(Self.signer.sign(payload: json)) }
                }
            }
        }
    }

    @Test("member names of every length up to 20, plain or escaped, near the end and in the middle")
    func memberNames() throws {
        for length in 1...20 {
            let name = Self.text(length: length - 1, special: "k", at: 0)
            for json in [#"{"\#(name)":1,"padding_after_the_name":2}"#, #"{"a":2,"\#(name)":1}"#, #"{"\#(name)":1}"#] {
                let decoded = try Self.decode(json)
                #expect(decoded.claims == (try Self.foundationClaims(json)), "\(json)")
            }
            let escaped = #"{"\u0041\#(name)":1}"#
            #expect(try Self.decode(escaped).claim("A\(name)") == 1)
        }
    }

    @Test("every known claim name once is valid; any of them twice, plain or escaped, in either order is a duplicate")
    func knownNameDuplicates() throws {
        let known = [
            "alg", "typ", "kid", "iat", "exp", "jti", "nbf", "iss", "sub", "aud", "name", "email", "scope", "external_id",
            "email_verified", "identities",
        ]
        let all = "{" + known.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
        #expect(try Self.decode(all).claimNames == known)
        for name in known {
            // \u0061 is "a": an escaped spelling is not recognized as known, yet is the same name.
            let escapedSpelling = name.replacingOccurrences(of: "a", with: #"\u0061"#)
            for (first, second) in [(name, name), (name, escapedSpelling), (escapedSpelling, name)] {
                let json = #"{"\#(first)":1,"other":2,"\#(second)":3}"#
                #expect(throws: IdentityError.self, "\(json)") { try Self.decode(json) }
            }
            let withAll = String(all.dropLast()) + #","\#(name)":9}"#
            #expect(throws: IdentityError.self, "\(name) after all known names") { try Self.decode(withAll) }
        }
    }
}
