public import JWTKit

/// An independent verifier for the JWTs the adapters mint: a jwt-kit key collection with one
/// HS256 key per `(kid, secret)`, in order.
public func jwtKitKeys(hs256 keys: [(kid: String, secret: [UInt8])]) async -> JWTKeyCollection {
    let collection = JWTKeyCollection()
    for key in keys {
        await collection.add(hmac: HMACKey(from: key.secret), digestAlgorithm: .sha256, kid: JWKIdentifier(string: key.kid))
    }
    return collection
}
