import Foundation
import FuzzSupport
@_spi(Primitives) import IdentityBridge

/// The JSON parser on arbitrary bytes. Invariants: what it accepts, Foundation's JSONSerialization
/// (the reference decoder) accepts too, with the same string for a top-level string; what it accepts
/// round-trips through its own writer to an equal value; nothing it rejects crashes it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let value = try? Primitives.parseJSON(bytes) else {
        _ = try? Primitives.parseJSON(bytes, rejectDuplicateKeys: false)
        return 0
    }
    let reference = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    require(reference != nil, "JSONSerialization rejects what the parser accepts")
    if case .string(let text) = value { require(reference as? String == text, "a top-level string decodes differently") }
    let written = value.jsonString
    let again = try? Primitives.parseJSON(Array(written.utf8))
    require(again?.numbersNormalized == value.numbersNormalized, "write then parse changes the value: \(written.prefix(200))")
    return 0
}

@main
enum FuzzJSONMain {
    static func main() { runFuzzer(fuzzJSON) }
}
