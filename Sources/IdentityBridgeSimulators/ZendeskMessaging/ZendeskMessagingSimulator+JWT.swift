import IdentityBridge
import ZendeskMessagingAdapter

/// The simulated Zendesk server's own JWT checks, written from the specification (not the
/// adapter's verifier): HS256 only, `kid` naming one of the account's signing keys, the secret as
/// raw UTF-8 bytes, `scope: "user"`, `external_id` of at most 255 characters, typed optional
/// `name`, `email`, `email_verified`, `exp`, and expiry by the simulator's clock.
struct SimulatedMessagingJWT {
    var externalId: String
    var name: String?
    var email: String?
    var exp: Int64?

    static func reject(_ code: String, _ message: String, field: String? = nil) -> ZendeskMessagingSDKError {
        ZendeskMessagingSDKError(code: code, message: message, httpStatus: 401, field: field)
    }

    static func check(_ token: String, keys: [String: Secret], now: Int64) -> Result<SimulatedMessagingJWT, ZendeskMessagingSDKError> {
        guard let jwt = SimulatedJWT(token) else {
            return .failure(reject(ZendeskMessagingVendorCode.invalidJWT, "The credential is not a valid JWT."))
        }
        let header = jwt.header
        let claims = jwt.claims

        guard jwt.isHS256 else {
            return .failure(reject(ZendeskMessagingVendorCode.unsupportedAlgorithm, "Only HS256 signed JWTs are supported.", field: "alg"))
        }
        if let typ = header["typ"], typ.stringValue != "JWT" {
            return .failure(reject(ZendeskMessagingVendorCode.invalidJWT, "The JWT typ must be JWT.", field: "typ"))
        }
        guard let kid = header["kid"]?.stringValue, let secret = keys[kid] else {
            return .failure(
                reject(
                    ZendeskMessagingVendorCode.unknownSigningKey, "The JWT kid does not match a signing key of this account.", field: "kid")
            )
        }
        guard jwt.isSigned(with: secret.revealedBytes) else {
            return .failure(reject(ZendeskMessagingVendorCode.invalidSignature, "The JWT signature is invalid.", field: "signature"))
        }

        switch claims["scope"] {
        case nil: return .failure(reject(ZendeskMessagingVendorCode.missingClaim, "The JWT has no scope.", field: "scope"))
        case .string("user")?: break
        default: return .failure(reject(ZendeskMessagingVendorCode.invalidClaim, "The JWT scope must be \"user\".", field: "scope"))
        }
        let externalId: String
        switch claims["external_id"] {
        case nil: return .failure(reject(ZendeskMessagingVendorCode.missingClaim, "The JWT has no external_id.", field: "external_id"))
        case .string(let value)? where !value.isEmpty: externalId = value
        default:
            return .failure(
                reject(ZendeskMessagingVendorCode.invalidClaim, "The JWT external_id must be a non-empty string.", field: "external_id"))
        }
        guard externalId.count <= ZendeskMessagingLimits.externalIdMaxLength else {
            return .failure(
                reject(
                    ZendeskMessagingVendorCode.externalIdTooLong,
                    "The external_id is longer than \(ZendeskMessagingLimits.externalIdMaxLength) characters.", field: "external_id"))
        }
        var result = SimulatedMessagingJWT(externalId: externalId)
        for field in ["name", "email"] {
            switch claims[field] {
            case nil, .null?: continue
            case .string(let value)?: if field == "name" { result.name = value } else { result.email = value }
            default: return .failure(reject(ZendeskMessagingVendorCode.invalidClaim, "The JWT \(field) must be a string.", field: field))
            }
        }
        switch claims["email_verified"] {
        case nil, .null?, .bool?: break
        default:
            return .failure(
                reject(ZendeskMessagingVendorCode.invalidClaim, "The JWT email_verified must be a boolean.", field: "email_verified"))
        }
        // "exp | Integer | No": optional, but when present an integer (null is not one).
        switch claims["exp"] {
        case nil: break
        case .int(let exp)?:
            if now >= exp {
                return .failure(reject(ZendeskMessagingVendorCode.expiredJWT, ZendeskMessagingVendorCode.expiredJWTMessage, field: "exp"))
            }
            result.exp = exp
        default:
            return .failure(
                reject(ZendeskMessagingVendorCode.invalidClaim, "The JWT exp must be an integer timestamp in seconds.", field: "exp"))
        }
        return .success(result)
    }
}
