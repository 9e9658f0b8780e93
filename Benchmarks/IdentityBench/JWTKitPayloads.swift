import JWTKit

/// The same vendor rules expressed as jwt-kit payloads, so jwt-kit's verify does equal work.
struct BenchRuleError: Error {
    let reason: String
}

enum BenchTime {
    static let now: Int64 = 1_767_225_600
}

struct JWTKitChatPayload: JWTPayload {
    var name: String
    var email: String
    var external_id: String
    var iat: Int64
    var exp: Int64?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        let now = BenchTime.now
        guard VendorOps.fits(external_id, VendorOps.chatExternalIdMax) else { throw BenchRuleError(reason: "external_id") }
        guard iat <= now + VendorOps.chatIatSkew else { throw BenchRuleError(reason: "iat") }
        if let exp {
            guard exp > now else { throw BenchRuleError(reason: "exp") }
            guard exp - iat <= VendorOps.chatMaxLifetime else { throw BenchRuleError(reason: "lifetime") }
        }
    }
}

struct JWTKitMessagingPayload: JWTPayload {
    var scope: String
    var external_id: String
    var name: String?
    var email: String?
    var email_verified: Bool?
    var exp: Int64?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        guard scope == "user" else { throw BenchRuleError(reason: "scope") }
        guard VendorOps.fits(external_id, VendorOps.messagingExternalIdMax) else { throw BenchRuleError(reason: "external_id") }
        if let exp { guard exp > BenchTime.now else { throw BenchRuleError(reason: "exp") } }
    }
}

struct JWTKitSupportPayload: JWTPayload {
    var jti: String
    var iat: Int64
    var name: String
    var email: String
    var external_id: String?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        let now = BenchTime.now
        guard !jti.isEmpty else { throw BenchRuleError(reason: "jti") }
        guard iat <= now + VendorOps.chatIatSkew else { throw BenchRuleError(reason: "iat") }
        guard now - iat <= VendorOps.supportMaxAge else { throw BenchRuleError(reason: "age") }
    }
}
