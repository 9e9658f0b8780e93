/// Writes a JWT claims object straight into JSON bytes, in call order, without building a
/// dictionary first. Every string is escaped correctly for any Unicode content.
///
/// ```swift
/// let jwt = signer.sign { claims in
///     claims.add("external_id", "u-1")
///     claims.add("iat", 1_767_225_600)
/// }
/// ```
///
/// The first 384 bytes live inside the writer itself (on the caller's stack), so a typical
/// claims object costs no heap allocation; longer objects move to an array transparently.
public struct JWTClaimsWriter {
    /// Bytes kept inline before spilling to `heap`.
    static let inlineCapacity = 384

    private var inline = InlineArray<384, UInt8>(repeating: 0)
    private var count = 0
    private var heap: [UInt8]? = nil
    private var reserve: Int
    private var isEmpty = true

    /// The JSON written so far (an object still open until ``finish()``).
    public var bytes: [UInt8] {
        if let heap { return heap }
        let count = count
        return withUnsafeBytes(of: inline) { Array($0[..<count]) }
    }

    /// Starts an empty object; `capacity` is reserved if the object outgrows the inline storage.
    public init(capacity: Int = 192) {
        reserve = max(capacity, Self.inlineCapacity * 2)
        append(UInt8(ascii: "{"))
    }

    /// Calls `body` with the bytes written so far, in place (no copy of the inline storage).
    @inline(__always)
    mutating func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let heap { return heap.withUnsafeBytes(body) }
        let count = count
        return withUnsafeMutableBytes(of: &inline) { body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer($0)[..<count])) }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if heap == nil, count < Self.inlineCapacity {
            let index = count
            withUnsafeMutableBytes(of: &inline) { $0[index] = byte }
            count += 1
        } else {
            spill(adding: 1)
            heap?.append(byte)
        }
    }

    /// Moves the inline bytes to the heap array (once).
    private mutating func spill(adding extra: Int) {
        guard heap == nil else { return }
        var array: [UInt8] = []
        array.reserveCapacity(max(reserve, count + extra))
        let count = count
        withUnsafeBytes(of: inline) { array.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        heap = array
    }

    /// Reserves `worst` bytes at the end, lets `body` write into them and keeps the count it
    /// returns: one capacity decision per claim, then plain pointer stores.
    @inline(__always)
    private mutating func write(upTo worst: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if heap == nil, count + worst <= Self.inlineCapacity {
            let start = count
            count =
                start
                + withUnsafeMutableBytes(of: &inline) { storage in
                    body(storage.baseAddress!.assumingMemoryBound(to: UInt8.self) + start)
                }
            return
        }
        spill(adding: worst)
        guard var array = heap else { return }
        heap = nil  // keep the array uniquely referenced while it grows
        let start = array.count
        array.append(contentsOf: repeatElement(0, count: worst))
        let written = array.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
        array.removeLast(worst - written)
        heap = array
    }

    /// Writes `,"name":` (no comma before the first member) at `out`; returns the bytes written.
    @inline(__always)
    private static func writeKey(_ name: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>, comma: Bool) -> Int {
        var o = 0
        if comma {
            out[0] = UInt8(ascii: ",")
            o = 1
        }
        o += JSONValue.writeQuoted(name, to: out + o)
        out[o] = UInt8(ascii: ":")
        return o + 1
    }

    /// The most bytes `,"name":` can take.
    @inline(__always)
    private static func keyCapacity(_ name: UnsafeBufferPointer<UInt8>) -> Int { name.count * 6 + 4 }

    /// Writes `,"name":` followed by `value(out)`; `valueCapacity` bounds what `value` writes.
    @inline(__always)
    private mutating func member(_ name: String, valueCapacity: Int, _ value: (UnsafeMutablePointer<UInt8>) -> Int) {
        var name = name
        let comma = !isEmpty
        isEmpty = false
        name.withUTF8 { key in
            write(upTo: Self.keyCapacity(key) + valueCapacity) { out in
                let o = Self.writeKey(key, to: out, comma: comma)
                return o + value(out + o)
            }
        }
    }

    /// Adds a string claim.
    public mutating func add(_ name: String, _ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            member(name, valueCapacity: utf8.count * 6 + 2) { JSONValue.writeQuoted(utf8, to: $0) }
        }
    }

    /// Adds an integer claim.
    public mutating func add(_ name: String, _ value: Int64) {
        member(name, valueCapacity: 20) { JSONValue.writeDigits(of: value, to: $0) }
    }

    /// Adds a boolean claim.
    public mutating func add(_ name: String, _ value: Bool) {
        let literal: StaticString = value ? "true" : "false"
        member(name, valueCapacity: literal.utf8CodeUnitCount) { out in
            out.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
            return literal.utf8CodeUnitCount
        }
    }

    /// Adds any JSON value as a claim.
    public mutating func add(_ name: String, _ value: JSONValue) {
        var encoded: [UInt8] = []
        value.write(into: &encoded)
        encoded.withUnsafeBufferPointer { bytes in
            member(name, valueCapacity: bytes.count) { out in
                guard let source = bytes.baseAddress else { return 0 }
                out.update(from: source, count: bytes.count)
                return bytes.count
            }
        }
    }

    /// Adds a string claim only when `value` is non-nil.
    public mutating func addIfPresent(_ name: String, _ value: String?) {
        if let value { add(name, value) }
    }

    /// Closes the object and returns its bytes.
    public mutating func finish() -> [UInt8] {
        close()
        return bytes
    }

    /// Closes the object in place.
    mutating func close() {
        append(UInt8(ascii: "}"))
    }
}
