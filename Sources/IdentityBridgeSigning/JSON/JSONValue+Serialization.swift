// The tuned JSON writer of the hot paths (claims, credentials answers): the same bytes as the model's plain
// `JSONValue.jsonString` (`ModelSigningSplitTests` holds the two together), eight bytes checked and copied at a time.
extension JSONValue {
    /// Appends the compact JSON text to `out`: the bytes of ``jsonString``.
    package func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): JSONValue.writeInteger(i, into: &out)
        case .double(let d):
            if d.isFinite {
                if d == d.rounded(), abs(d) < 1e15 {
                    out.append(contentsOf: String(Int64(d)).utf8)
                } else {
                    out.append(contentsOf: "\(d)".utf8)
                }
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            for (index, element) in a.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            if o.count == 1, let (key, value) = o.first {
                // The common one-member object (`{"jwt": ...}`) needs no sorted copy.
                JSONValue.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            } else {
                for (index, member) in o.sorted(by: { $0.key < $1.key }).enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONValue.writeString(member.key, into: &out)
                    out.append(UInt8(ascii: ":"))
                    member.value.write(into: &out)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends the decimal digits of `value` (no allocation).
    package static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<writeDigits(of: value, to: digits.baseAddress!)]))
        }
    }

    /// 10^0 ... 10^19, to count digits with compares instead of divisions.
    static let powersOfTen: [UInt64] = (0..<20).map { (k: Int) -> UInt64 in
        var power: UInt64 = 1
        for _ in 0..<k { power *= 10 }
        return power
    }
    /// "00" ... "99" as little-endian UInt16s: two digits per division on the hot path.
    static let digitPairs: [UInt16] = (0..<100).map { (pair: Int) -> UInt16 in
        let tens = UInt16(0x30 + pair / 10)
        let ones = UInt16(0x30 + pair % 10)
        return UInt16(littleEndian: tens | ones << 8)
    }

    /// Writes the decimal text of `value` to `out` (which must hold 20 bytes) and returns its length.
    @inline(__always)
    static func writeDigits(of value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude
        let sign = value < 0 ? 1 : 0
        let digits = powersOfTen.withUnsafeBufferPointer { powers in
            var digits = 1
            while digits < 20, magnitude >= powers[digits] { digits += 1 }
            return digits
        }
        if sign == 1 { out[0] = UInt8(ascii: "-") }
        let output = UnsafeMutableRawPointer(out)
        digitPairs.withUnsafeBufferPointer { pairs in
            // State local to the closure, so the loop keeps it in registers.
            var magnitude = magnitude
            var i = sign + digits
            while magnitude >= 100 {
                let quotient = magnitude / 100
                i -= 2
                output.storeBytes(of: pairs[Int(truncatingIfNeeded: magnitude &- quotient &* 100)], toByteOffset: i, as: UInt16.self)
                magnitude = quotient
            }
            if magnitude >= 10 {
                output.storeBytes(of: pairs[Int(truncatingIfNeeded: magnitude)], toByteOffset: i - 2, as: UInt16.self)
            } else {
                out[i - 1] = UInt8(truncatingIfNeeded: magnitude) &+ UInt8(ascii: "0")
            }
        }
        return sign + digits
    }

    /// Appends `s` as a JSON string literal, escaping quotes, backslashes and control characters.
    /// Non-ASCII characters are written as UTF-8 (valid JSON per RFC 8259).
    package static func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { utf8 in
            guard needsEscaping(utf8) else {
                // The common case (ids, emails, tokens): copied as is, with no scratch space zeroed.
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: utf8)
                out.append(UInt8(ascii: "\""))
                return
            }
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: utf8.count * 6 + 2))
            let written = out.withUnsafeMutableBufferPointer { writeQuoted(utf8, to: $0.baseAddress! + start) }
            out.removeLast(utf8.count * 6 + 2 - written)
        }
    }

    /// Whether any byte of `utf8` must be escaped in a JSON string (a quote, a backslash or a C0
    /// control); eight bytes are checked at a time.
    @inline(__always)
    static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let count = utf8.count
        var i = 0
        while i + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if JSONByteParser.escapeBytes(word) != 0 { return true }
            i += 8
        }
        while i < count {
            if !isPlain(base[i]) { return true }
            i += 1
        }
        return false
    }

    /// Whether `c` is written as is in a JSON string: not a quote, a backslash or a C0 control
    /// (the byte-wise twin of ``JSONByteParser/escapeBytes(_:)``).
    @inline(__always)
    static func isPlain(_ c: UInt8) -> Bool { c >= 0x20 && c != 0x22 && c != 0x5C }

    /// Writes `utf8` as a JSON string literal (quotes included, body escaped by
    /// ``writeEscaped(_:to:)``) to `out`, which must hold `6 * utf8.count + 2` bytes; returns the
    /// bytes written.
    @inline(__always)
    static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        let n = writeEscaped(utf8, to: out + 1)
        out[n + 1] = UInt8(ascii: "\"")
        return n + 2
    }

    /// Writes the JSON string body for `utf8` to `out` and returns the number of bytes written:
    /// quotes, backslashes and control characters escaped (`\"`, `\\`, `\n`, `\u001f`, ...),
    /// everything else copied. `out` must hold `6 * utf8.count` bytes (the longest escape is six).
    /// Eight bytes are checked, and copied, at a time.
    @inline(__always)
    static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let count = utf8.count
        let output = UnsafeMutableRawPointer(out)
        var i = 0
        var o = 0
        while i < count {
            if i + 8 <= count {
                let raw = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let stop = JSONByteParser.escapeBytes(UInt64(littleEndian: raw))
                if stop == 0 {
                    output.storeBytes(of: raw, toByteOffset: o, as: UInt64.self)
                    i += 8
                    o += 8
                    continue
                }
                let plain = stop.trailingZeroBitCount / 8
                (out + o).update(from: base + i, count: plain)
                i += plain
                o += plain
            }
            let c = base[i]
            i += 1
            if isPlain(c) {
                out[o] = c
                o += 1
                continue
            }
            out[o] = 0x5C
            switch c {
            case 0x22: out[o + 1] = 0x22
            case 0x5C: out[o + 1] = 0x5C
            case 0x0A: out[o + 1] = UInt8(ascii: "n")
            case 0x0D: out[o + 1] = UInt8(ascii: "r")
            case 0x09: out[o + 1] = UInt8(ascii: "t")
            case 0x08: out[o + 1] = UInt8(ascii: "b")
            case 0x0C: out[o + 1] = UInt8(ascii: "f")
            default:
                // Other C0 controls: \u00XX with lowercase hex digits.
                let low = c & 0xF
                out[o + 1] = UInt8(ascii: "u")
                out[o + 2] = 0x30
                out[o + 3] = 0x30
                out[o + 4] = c >> 4 == 0 ? 0x30 : 0x31
                out[o + 5] = low < 10 ? 0x30 + low : UInt8(ascii: "a") + low - 10
                o += 4
            }
            o += 2
        }
        return o
    }
}
