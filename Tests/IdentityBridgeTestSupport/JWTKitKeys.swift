public import JWTKit

/// An independent verifier and signer for the HS256 JWTs the package mints: a jwt-kit key
/// collection with one key per `(kid, secret)`, in order (a `nil` kid: the key without one).
public func jwtKitKeys(hs256 keys: [(kid: String?, secret: [UInt8])]) async -> JWTKeyCollection {
    let collection = JWTKeyCollection()
    for key in keys {
        await collection.add(hmac: HMACKey(from: key.secret), digestAlgorithm: .sha256, kid: key.kid.map { JWKIdentifier(string: $0) })
    }
    return collection
}

/// A jwt-kit key collection holding one HS256 key, under `kid` when one is given.
public func jwtKitKeys(hs256 secret: [UInt8], kid: String? = nil) async -> JWTKeyCollection {
    await jwtKitKeys(hs256: [(kid, secret)])
}

/// The claims of a Zendesk Chat-style JWT (name, email, external_id, iat, exp), as jwt-kit decodes them.
public struct ChatJWTPayload: JWTPayload, Equatable {
    public var name: String
    public var email: String
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public var external_id: String
    public var iat: Int
    public var exp: Int

    // swift-format-ignore: AlwaysUseLowerCamelCase
    public init(name: String, email: String, external_id: String, iat: Int, exp: Int) {
        self.name = name
        self.email = email
        self.external_id = external_id
        self.iat = iat
        self.exp = exp
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
