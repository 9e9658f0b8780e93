#if TokenService
import Foundation
import IdentityBridge
import JWTKit

/// The claims of a session JWT, decoded as they are (nothing refused while jwt-kit checks the signature), then
/// checked by ``standard()`` once the signature verifies: each registered claim the verifier reads named when
/// it is missing or not of its type, never reported as a bad signature.
struct SessionClaims: JWTPayload {
    let all: [String: JSONValue]

    /// The registered claims `SessionTokenVerifier` checks, of their RFC 7519 types.
    struct Standard {
        let exp: Date
        let nbf: Date?
        /// `aud` as a list (a single string is a list of one).
        let aud: [String]
    }

    /// A registered claim missing (`claim_missing`) or not of its type (`claim_invalid`), and what it should be.
    struct Problem: Error {
        let code: IdentityError.Code
        let claim: String
        let message: String
        let recovery: String
    }

    init(from decoder: any Decoder) throws { all = try JSONValue(from: decoder).objectValue ?? [:] }

    func encode(to encoder: any Encoder) throws { try JSONValue.object(all).encode(to: encoder) }

    /// Claims are checked by `SessionTokenVerifier` with the configured leeway.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// `exp` (required), `nbf` and `iat` (NumericDate when present), `iss` and `sub` (strings when present) and
    /// `aud` (required: a string or a list of strings).
    func standard() throws(Problem) -> Standard {
        for name in ["iss", "sub"] {
            if let value = all[name], value.stringValue == nil {
                throw invalid(name, "a string", value)
            }
        }
        _ = try date("iat")
        let nbf = try date("nbf")
        guard let exp = try date("exp") else {
            throw Problem(
                code: .claimMissing, claim: "exp", message: "The session token has no exp claim; a session token must expire.",
                recovery: "Have the identity provider put an exp claim (seconds since 1970) in its session tokens.")
        }
        let aud: [String]
        switch all["aud"] {
        case nil, .null?:
            throw Problem(
                code: .claimMissing, claim: "aud", message: "The session token has no aud claim.",
                recovery: "Have the identity provider issue the token for one of the issuer's audiences (its aud claim).")
        case .string(let one)?: aud = [one]
        case .array(let values)? where !values.isEmpty && values.allSatisfy({ $0.stringValue != nil }):
            aud = values.compactMap(\.stringValue)
        case let other?: throw invalid("aud", "a string or a non-empty list of strings", other)
        }
        return Standard(exp: exp, nbf: nbf, aud: aud)
    }

    /// A NumericDate claim (RFC 7519 §2: seconds since 1970, a JSON number), `nil` when absent.
    private func date(_ name: String) throws(Problem) -> Date? {
        switch all[name] {
        case nil: return nil
        case .int(let seconds)?: return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds)? where seconds.isFinite: return Date(timeIntervalSince1970: seconds)
        case let other?: throw invalid(name, "a number of seconds since 1970 (NumericDate)", other)
        }
    }

    private func invalid(_ name: String, _ expected: String, _ value: JSONValue) -> Problem {
        Problem(
            code: .claimInvalid, claim: name,
            message: "The session token's \(name) claim is JSON \(value.typeNameWithArticle), not \(expected) (RFC 7519).",
            recovery: "Have the identity provider write \(name) as \(expected) in its session tokens.")
    }

    /// A string claim (a number is written as its digits, as ids often are); `nil` when absent or empty.
    func string(_ name: String) -> String? {
        switch all[name] {
        case .string(let text)?: text.isEmpty ? nil : text
        case .int(let number)?: String(number)
        default: nil
        }
    }
}
#endif
