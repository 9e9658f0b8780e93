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

    @inline(__always)
    mutating func append(_ buffer: UnsafeRawBufferPointer) {
        let n = buffer.count
        if heap == nil, count + n <= Self.inlineCapacity {
            guard n > 0, let source = buffer.baseAddress else { return }
            let index = count
            withUnsafeMutableBytes(of: &inline) { ($0.baseAddress! + index).copyMemory(from: source, byteCount: n) }
            count += n
        } else {
            spill(adding: n)
            heap?.append(contentsOf: buffer)
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

    private mutating func key(_ key: String) {
        if !isEmpty { append(UInt8(ascii: ",")) }
        isEmpty = false
        appendString(key)
        append(UInt8(ascii: ":"))
    }

    /// Appends `s` as a JSON string literal (see ``JSONValue/writeString(_:into:)``).
    mutating func appendString(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            // Fast path: even if every byte needed a six-byte escape the literal fits inline, so
            // write straight into the inline storage with a single bounds decision.
            if heap == nil, count + utf8.count * 6 + 2 <= Self.inlineCapacity {
                let start = count
                count = withUnsafeMutableBytes(of: &inline) { storage in
                    guard let base = storage.baseAddress else { return start }
                    var o = start
                    base.storeBytes(of: UInt8(ascii: "\""), toByteOffset: o, as: UInt8.self)
                    o += 1
                    JSONValue.forEachEscapedRun(utf8) { piece in
                        guard let source = piece.baseAddress else { return }
                        (base + o).copyMemory(from: source, byteCount: piece.count)
                        o += piece.count
                    }
                    base.storeBytes(of: UInt8(ascii: "\""), toByteOffset: o, as: UInt8.self)
                    return o + 1
                }
                return
            }
            append(UInt8(ascii: "\""))
            JSONValue.forEachEscapedRun(utf8) { append($0) }
            append(UInt8(ascii: "\""))
        }
    }

    /// Adds a string claim.
    public mutating func add(_ name: String, _ value: String) {
        key(name)
        appendString(value)
    }

    /// Adds an integer claim.
    public mutating func add(_ name: String, _ value: Int64) {
        key(name)
        JSONValue.withDigits(of: value) { append($0) }
    }

    /// Adds a boolean claim.
    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        var literal = value ? "true" : "false"
        literal.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Adds any JSON value as a claim.
    public mutating func add(_ name: String, _ value: JSONValue) {
        key(name)
        var out: [UInt8] = []
        value.write(into: &out)
        out.withUnsafeBytes { append($0) }
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
