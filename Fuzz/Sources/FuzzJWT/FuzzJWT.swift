import FuzzSupport
@_spi(Primitives) import IdentityBridge

/// The fuzzing key: 32 bytes, as configurations require.
let secretText = "fuzz-secret-0123456789abcdefghijklmn"
let signer = HS256Signer(secret: Secret(secretText), keyID: "fuzz")

/// JWT decoding and verification. The input is tried as a token (decoding must not crash, and
/// verification must refuse it: nobody forges HS256 by chance) and, when it is a JSON object, as
/// claims: the signed token verifies to the same claims, and every one-character change to it is
/// refused. No error message repeats the secret.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    if let decoded = try? DecodedJWT.decode(text) {
        _ = decoded.claims
        _ = decoded.header
        require(!decoded.verifySignature(with: signer), "an unsigned input verifies")
    }
    do {
        _ = try signer.verify(text)
        require(false, "an arbitrary input verifies")
    } catch {
        require(!error.message.contains(secretText) && !"\(error)".contains(secretText), "an error repeats the secret")
    }
    guard case .object(let claims)? = try? Primitives.parseJSON(bytes) else { return 0 }
    // Validly signed random claims.
    let token = signer.sign(claims: claims)
    guard let verified = try? signer.verify(token) else {
        require(false, "a token signed here does not verify")
        return 0
    }
    require(
        JSONValue.object(verified.claims).numbersNormalized == JSONValue.object(claims).numbersNormalized,
        "the verified claims differ from the signed ones")
    // Tampered: one character replaced, at a place and by a character the input chooses.
    var tampered = Array(token.utf8)
    let position = Int(bytes.first ?? 0) * 7919 % tampered.count
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.".utf8)
    var replacement = alphabet[Int(bytes.last ?? 0) % alphabet.count]
    if replacement == tampered[position] { replacement = alphabet[(Int(bytes.last ?? 0) + 1) % alphabet.count] }
    tampered[position] = replacement
    require((try? signer.verify(String(decoding: tampered, as: UTF8.self))) == nil, "a tampered token verifies")
    return 0
}

@main
enum FuzzJWTMain {
    static func main() { runFuzzer(fuzzJWT) }
}
