import Foundation
import IdentityBridge
import IdentityBridgeStandard
import Testing

@Suite("HTTP-ready types: Codable with the CLI's JSON shape, error to HTTP status")
struct HTTPReadyTypesTests {
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try JSONValue.parse(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    @Test("JSONValue round-trips through JSONEncoder/JSONDecoder, integers stay integers")
    func jsonValue() throws {
        let value: JSONValue = ["a": 1, "b": 1.5, "c": "x", "d": [true, nil], "e": ["f": -9_007_199_254_740_993]]
        #expect(try Self.encode(value) == value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(value.jsonString.utf8))
        #expect(decoded == value)
        #expect(decoded["e"]?["f"] == .int(-9_007_199_254_740_993))
    }

    @Test("Credential encodes as the fields object identityctl token prints under credential")
    func credential() throws {
        let credential = Credential(fields: ["userId": "u-1", "userAuthToken": "abc"])
        #expect(try Self.encode(credential) == credential.json)
        #expect(try JSONDecoder().decode(Credential.self, from: Data(credential.json.jsonString.utf8)) == credential)
    }

    @Test("A JWT credential equals, hashes and writes as its fields form; setting fields replaces it")
    func jwtCredentialIsItsFields() throws {
        for token in ["eyJ.a.b", "quote\" back\\ tab\t é", ""] {
            let jwt = Credential.jwt(token, expiresAt: Date(timeIntervalSince1970: 60))
            let fields = Credential(fields: ["jwt": .string(token)], expiresAt: Date(timeIntervalSince1970: 60))
            #expect(jwt == fields && fields == jwt)
            #expect(jwt.hashValue == fields.hashValue)
            #expect(Set([jwt, fields]).count == 1)
            #expect(jwt.fields == ["jwt": .string(token)] && jwt.jwt == token && jwt["jwt"] == token && jwt["userId"] == nil)
            var written: [UInt8] = []
            jwt.writeJSON(into: &written)
            var expected: [UInt8] = []
            jwt.json.write(into: &expected)
            #expect(written == expected)
            #expect(try JSONValue.parse(String(decoding: written, as: UTF8.self)) == ["jwt": .string(token)])
            #expect(try Self.encode(jwt) == fields.json)
        }
        #expect(Credential.jwt("a") != Credential.jwt("b"))
        #expect(Credential.jwt("a") != Credential.jwt("a", expiresAt: Date(timeIntervalSince1970: 1)))
        var changed = Credential.jwt("a")
        changed.fields["userId"] = "u-1"
        #expect(changed.fields == ["jwt": "a", "userId": "u-1"] && changed.jwt == "a")
        var other: [UInt8] = []
        changed.writeJSON(into: &other)
        #expect(String(decoding: other, as: UTF8.self) == #"{"jwt":"a","userId":"u-1"}"#)
    }

    @Test("IdentityError encodes as error.json (null field and vendor_code kept) and decodes back")
    func identityError() throws {
        let errors = [
            IdentityError(
                .valueTooLong, field: "external_id", vendorCode: "invalidLength", message: "Too long.", recovery: "Shorten it.",
                provider: ProviderReference(kind: "zendesk-chat", name: "chat")),
            IdentityError(.tokenMissing, message: "No token."),
        ]
        for error in errors {
            #expect(try Self.encode(error) == error.json)
            #expect(try JSONDecoder().decode(IdentityError.self, from: Data(error.json.jsonString.utf8)) == error)
        }
        #expect(try Self.encode(errors[1])["field"] == .null)
    }

    @Test("every core code maps to one of 401/403/404/409/422/503, never 500")
    func httpStatus() {
        let expected: [IdentityError.Code: Int] = [
            .missingIdentifier: 422, .invalidIdentifier: 422, .invalidEmail: 422, .invalidName: 422, .valueTooLong: 422,
            .tokenMissing: 401, .tokenMalformed: 401, .tokenInvalid: 401, .algorithmNotAllowed: 401, .keyUnknown: 401,
            .claimMissing: 401, .claimInvalid: 401, .tokenExpired: 401, .tokenNotYetValid: 401, .tokenLifetimeTooLong: 401,
            .externalIdChanged: 401, .invalidAccountKey: 401, .identityFeatureDisabled: 403, .limitExceeded: 422,
            .invalidValueType: 422, .sessionExpired: 401, .notLoggedIn: 403, .loginInProgress: 409, .unsupportedOperation: 404,
            .notFound: 404,
            .configurationInvalid: 503, .networkError: 503, .syncFailed: 503, .unknown: 503,
        ]
        #expect(Set(expected.keys) == Set(IdentityError.Code.all))
        for code in IdentityError.Code.all {
            #expect(code.httpStatus == expected[code], "\(code)")
        }
        #expect(IdentityError.Code(rawValue: "a_future_code").httpStatus == 503)
    }
}
