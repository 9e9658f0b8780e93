import Foundation
import FuzzSupport
@_spi(Primitives) import IdentityBridge

/// The base64url codec both ways. Invariants: encoding any bytes decodes back to them; text that decodes is
/// canonical (re-encodes to itself) and Foundation's `Data(base64Encoded:)` (the reference decoder,
/// after mapping the alphabet and padding) decodes it to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBase64URL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let encoded = Primitives.base64URLEncode(bytes)
    require(Primitives.base64URLDecode(Array(encoded.utf8)) == bytes, "encode then decode changes the bytes")
    require(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"), "the encoding is not unpadded base64url")
    guard let decoded = Primitives.base64URLDecode(bytes) else { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    require(Primitives.base64URLEncode(decoded) == text, "decoded text is not canonical")
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
    require(Data(base64Encoded: standard).map(Array.init) == decoded, "Foundation decodes to other bytes")
    return 0
}

@main
enum FuzzBase64URLMain {
    static func main() { runFuzzer(fuzzBase64URL) }
}
