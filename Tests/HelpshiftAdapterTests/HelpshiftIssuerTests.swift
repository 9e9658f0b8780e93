import Crypto
import Foundation
import HelpshiftAdapter
import IdentityBridge
import Testing

@Suite("Helpshift login dictionary and userAuthToken (helpshift-users.txt, vendor-notes)")
struct HelpshiftIssuerTests {
    typealias F = HelpshiftFixture

    /// Independent reference digest (swift-crypto directly).
    func reference(_ message: String, secret: String = HelpshiftFixture.secret) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: SymmetricKey(data: Array(secret.utf8))))
    }

    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("login dictionary has userId, userEmail, userName, userAuthToken")
    func dictionaryFields() throws {
        let credential = try F.issuer(F.settings()).issue(for: UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann"))
        #expect(Set(credential.fields.keys) == ["userId", "userEmail", "userName", "userAuthToken"])
        #expect(credential["userId"] == "u-1")
        #expect(credential["userEmail"] == "ann@example.com")
        #expect(credential["userName"] == "Ann")
        #expect(credential["userAuthToken"] == hex(reference("u-1")))
    }

    @Test("\"If the value of userName is empty string, after trimming spaces, then do not include this parameter\"")
    func emptyValuesLeftOut() throws {
        let credential = try F.issuer(F.settings()).issue(for: UserIdentity(userId: "u-1", email: "   ", name: "  \t "))
        #expect(credential.fields["userEmail"] == nil)
        #expect(credential.fields["userName"] == nil)
        #expect(credential["userId"] == "u-1")
    }

    @Test("userName \"Max length: 255 characters. Values larger than this will be truncated.\"")
    func nameTruncated() throws {
        let long = String(repeating: "é", count: 300)
        let credential = try F.issuer(F.settings()).issue(for: UserIdentity(userId: "u-1", name: long))
        #expect(credential["userName"]?.count == HelpshiftLimits.userNameMaxLength)
        let exact = String(repeating: "a", count: 255)
        #expect(try F.issuer(F.settings()).issue(for: UserIdentity(userId: "u-1", name: exact))["userName"] == exact)
    }

    @Test("\"userId and userEmail both are empty. Invalid login!\" -> missing_identifier")
    func bothEmpty() {
        let error = F.error { try F.issuer(F.settings()).issue(for: UserIdentity(userId: " ", email: "", name: "Ann")) }
        #expect(error?.code == .missingIdentifier)
        #expect(error?.field == "userId")
    }

    @Test("\"User IDs with leading / trailing spaces will result in the creation of an anonymous user\" -> invalid_identifier")
    func userIdSpaces() throws {
        for id in [" u-1", "u-1 ", "\tu-1"] {
            let error = F.error { try F.issuer(F.settings()).issue(for: UserIdentity(userId: id)) }
            #expect(error?.code == .invalidIdentifier)
            #expect(error?.field == "userId")
        }
        // "Spaces in between are allowed."
        #expect(try F.issuer(F.settings()).issue(for: UserIdentity(userId: "u 1"))["userId"] == "u 1")
    }

    @Test("\"Do not provide the user's email address as 'userID'\" -> invalid_identifier")
    func emailAsUserId() throws {
        let error = F.error { try F.issuer(F.settings()).issue(for: UserIdentity(userId: "ann@example.com")) }
        #expect(error?.code == .invalidIdentifier)
        #expect(error?.field == "userId")
        #expect(try F.issuer(F.settings()).issue(for: UserIdentity(userId: "ann@"))["userId"] == "ann@")
    }

    @Test("userId at most 750 characters (vendor-notes) -> value_too_long")
    func userIdTooLong() throws {
        let error = F.error { try F.issuer(F.settings()).issue(for: UserIdentity(userId: String(repeating: "x", count: 751))) }
        #expect(error?.code == .valueTooLong)
        #expect(error?.field == "userId")
        #expect(try F.issuer(F.settings()).issue(for: UserIdentity(userId: String(repeating: "x", count: 750)))["userId"] != nil)
    }

    @Test(
        "\"Invalid emails will result in the creation of an anonymous user\" -> invalid_email",
        arguments: [
            "ann", "ann@", "@example.com", "ann@example", "ann@@example.com", "an n@example.com", "ann@example..com", " ann@example.com",
            "ann@example.com ",
        ])
    func invalidEmail(_ email: String) {
        let error = F.error { try F.issuer(F.settings()).issue(for: UserIdentity(email: email)) }
        #expect(error?.code == .invalidEmail)
        #expect(error?.field == "userEmail")
    }

    @Test("\"If you are setting fullPrivacy to true, you shouldn't use email as the only identifier\" -> missing_identifier")
    func fullPrivacyEmailOnly() throws {
        let error = F.error { try F.issuer(F.settings(fullPrivacy: true)).issue(for: UserIdentity(email: "ann@example.com")) }
        #expect(error?.code == .missingIdentifier)
        #expect(error?.message.contains("full_privacy") == true)
    }

    @Test("\"If you are setting fullPrivacy flag to YES, the 'user authentication token' should be generated only on the user ID\"")
    func fullPrivacyDigestOnUserId() throws {
        let credential = try F.issuer(F.settings(input: .auto, fullPrivacy: true)).issue(
            for: UserIdentity(userId: "u-1", email: "ann@example.com"))
        #expect(credential["userAuthToken"] == hex(reference("u-1")))
    }

    @Test("digest_input auto: user id when present, else email")
    func autoInput() throws {
        let issuer = F.issuer(F.settings(input: .auto))
        #expect(try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com"))["userAuthToken"] == hex(reference("u-1")))
        #expect(try issuer.issue(for: UserIdentity(email: "ann@example.com"))["userAuthToken"] == hex(reference("ann@example.com")))
    }

    @Test("digest_input user_id / email / user_id_and_email (documented as userId + email, no separator)")
    func explicitInputs() throws {
        let user = UserIdentity(userId: "u-1", email: "ann@example.com")
        #expect(try F.issuer(F.settings(input: .userId)).issue(for: user)["userAuthToken"] == hex(reference("u-1")))
        #expect(try F.issuer(F.settings(input: .email)).issue(for: user)["userAuthToken"] == hex(reference("ann@example.com")))
        #expect(try F.issuer(F.settings(input: .userIdAndEmail)).issue(for: user)["userAuthToken"] == hex(reference("u-1ann@example.com")))
        let missingEmail = F.error { try F.issuer(F.settings(input: .email)).issue(for: UserIdentity(userId: "u-1")) }
        #expect(missingEmail?.code == .missingIdentifier)
        #expect(missingEmail?.field == "userEmail")
        let missingId = F.error { try F.issuer(F.settings(input: .userId)).issue(for: UserIdentity(email: "ann@example.com")) }
        #expect(missingId?.code == .missingIdentifier)
        #expect(missingId?.field == "userId")
    }

    @Test("digest_encoding hex (lowercase), base64, base64_unpadded")
    func encodings() throws {
        let mac = reference("u-1")
        let user = UserIdentity(userId: "u-1")
        let hexToken = try F.issuer(F.settings(encoding: .hex)).issue(for: user)["userAuthToken"]
        #expect(hexToken == hex(mac))
        #expect(hexToken?.count == 64)
        #expect(hexToken == hexToken?.lowercased())
        #expect(try F.issuer(F.settings(encoding: .base64)).issue(for: user)["userAuthToken"] == Data(mac).base64EncodedString())
        let unpadded = try F.issuer(F.settings(encoding: .base64Unpadded)).issue(for: user)["userAuthToken"]
        #expect(unpadded == Data(mac).base64EncodedString().replacingOccurrences(of: "=", with: ""))
        #expect(unpadded?.count == 43)
    }

    @Test("verify: Helpshift \"recalculates the unique 'user authentication token' using the shared secret key, and compares\"")
    func verifyDigest() throws {
        let issuer = F.issuer(F.settings())
        let user = UserIdentity(userId: "u-1", email: "ann@example.com")
        let token = try issuer.mint(for: user)
        let verified = try issuer.verify(token, for: user)
        #expect(verified.claims["userId"] == "u-1")
        #expect(verified.keyID == "secret")
        let wrongUser = F.error { try issuer.verify(token, for: UserIdentity(userId: "u-2")) }
        #expect(wrongUser?.code == .tokenInvalid)
        #expect(wrongUser?.vendorCode == "HelpshiftAuthenticationFailureReasonInvalidAuthToken")
        let empty = F.error { try issuer.verify("", for: user) }
        #expect(empty?.code == .tokenMissing)
        #expect(empty?.vendorCode == "HelpshiftAuthenticationFailureReasonAuthTokenNotProvided")
        let noUser = F.error { try issuer.verify(token, for: nil) }
        #expect(noUser?.code == .missingIdentifier)
        let uppercase = F.error { try issuer.verify(token.uppercased(), for: user) }
        #expect(uppercase?.code == .tokenInvalid)
    }

    @Test("key rotation: the secret issues, secret and previous_secrets all verify; a removed secret does not")
    func rotation() throws {
        let user = UserIdentity(userId: "u-1")
        let old = F.issuer(HelpshiftSettings(secret: Secret(HelpshiftFixture.oldSecret)))
        let oldToken = try old.mint(for: user)
        let rotated = F.issuer(F.settings(previous: [HelpshiftFixture.oldSecret]))
        #expect(try rotated.verify(oldToken, for: user).keyID == "previous_secrets[0]")
        #expect(try rotated.mint(for: user) == hex(reference("u-1")))
        #expect(try rotated.verify(try rotated.mint(for: user), for: user).keyID == "secret")
        let afterDeletion = F.issuer(F.settings())
        #expect(F.error { try afterDeletion.verify(oldToken, for: user) }?.code == .tokenInvalid)
    }

    @Test("secrets never appear in errors or descriptions")
    func noSecretLeak() throws {
        let issuer = F.issuer(F.settings())
        let error = F.error { try issuer.verify("nope", for: UserIdentity(userId: "u-1")) }
        #expect(error.map { !$0.description.contains(HelpshiftFixture.secret) } == true)
        #expect(!"\(issuer.settings)".contains(HelpshiftFixture.secret))
        let credential = try issuer.issue(for: UserIdentity(userId: "u-1"))
        #expect(!credential.description.contains(credential["userAuthToken"] ?? "-"))
    }
}
