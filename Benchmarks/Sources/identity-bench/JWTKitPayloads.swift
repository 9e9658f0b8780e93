import JWTKit
import ZendeskChatAdapter
import ZendeskMessagingAdapter

/// The vendor rules expressed as jwt-kit payloads (with the adapters' limit constants), so
/// jwt-kit's verify does comparable work. Only the claim checks a jwt-kit user would write are
/// here; the adapters also check name and email values, so the comparison favours jwt-kit.
struct BenchRuleError: Error {
    let reason: String
}

enum BenchTime {
    static let now: Int64 = 1_767_225_600
}

/// Whether `s` has at most `limit` characters (UTF-8 length first, characters only when longer).
func fits(_ s: String, _ limit: Int) -> Bool { s.utf8.count <= limit || s.count <= limit }

struct JWTKitChatPayload: JWTPayload {
    var name: String
    var email: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var external_id: String
    var iat: Int64
    var exp: Int64?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        let now = BenchTime.now
        guard fits(external_id, ZendeskChatLimits.externalIdMaxLength) else { throw BenchRuleError(reason: "external_id") }
        guard iat <= now + ZendeskChatLimits.clockSkew else { throw BenchRuleError(reason: "iat") }
        if let exp {
            guard exp > now else { throw BenchRuleError(reason: "exp") }
            guard exp >= iat else { throw BenchRuleError(reason: "exp before iat") }
            guard exp - iat <= ZendeskChatLimits.maxLifetime else { throw BenchRuleError(reason: "lifetime") }
        }
    }
}

struct JWTKitMessagingPayload: JWTPayload {
    var scope: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var external_id: String
    var name: String?
    var email: String?
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var email_verified: Bool?
    var exp: Int64?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        guard scope == "user" else { throw BenchRuleError(reason: "scope") }
        guard fits(external_id, ZendeskMessagingLimits.externalIdMaxLength) else { throw BenchRuleError(reason: "external_id") }
        if let exp { guard exp > BenchTime.now else { throw BenchRuleError(reason: "exp") } }
    }
}

struct JWTKitSupportPayload: JWTPayload {
    var jti: String
    var iat: Int64
    var name: String
    var email: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    var external_id: String?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        // The adapter requires jti (string), iat (integer), name and email: decoding checks those.
        guard !name.isEmpty, !email.isEmpty else { throw BenchRuleError(reason: "name/email") }
    }
}
