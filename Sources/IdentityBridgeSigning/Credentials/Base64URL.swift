// `package`, in the signing module with the JWT signer and decoder that call it per token: within one
// module the optimizer inlines it (in another target it measured no different on identity-bench --profile,
// 2026-11-25, Benchmarks/RESULTS.md; kept with its callers to be safe).

/// Base64 and base64url (RFC 4648) encoding without Foundation, for the credential hot path.
///
/// The generic entry points copy into contiguous memory once and then run table-driven loops
/// over unsafe buffers (three bytes in, four characters out), with no per-character allocation.
package enum Base64URL {
    static let urlAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    package static let standardAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let urlDecodeTable: [UInt8] = makeDecodeTable(urlAlphabet)
    /// Decoding table for four characters at a time: entry `256 * k + c` is character `c`'s six
    /// bits shifted into place for position `k` of a group; invalid characters set bit 31.
    static let urlShiftedDecodeTable: [UInt32] = (0..<1024).map { entry in
        let value = urlDecodeTable[entry & 0xFF]
        guard value != 0xFF else { return 0x8000_0000 }
        return UInt32(value) << UInt32(18 - 6 * (entry >> 8))
    }
    /// Two base64url characters for every 12-bit value, as the UInt16 whose in-memory bytes are
    /// the two characters: one lookup and one store per 12 bits on the encoding hot path.
    static let urlPairTable: [UInt16] = (0..<4096).map { v in
        UInt16(littleEndian: UInt16(urlAlphabet[v >> 6]) | UInt16(urlAlphabet[v & 0x3F]) << 8)
    }

    static func makeDecodeTable(_ alphabet: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }

    /// The number of characters of the unpadded encoding of `count` bytes.
    @inline(__always)
    package static func encodedCount(_ count: Int, padded: Bool = false) -> Int {
        padded ? (count + 2) / 3 * 4 : (count * 4 + 2) / 3
    }

    /// Encodes `source` into `destination` (which must hold ``encodedCount(_:padded:)`` bytes)
    /// with `alphabet` (64 entries); returns the number of bytes written.
    @inline(__always)
    static func encode(
        _ source: UnsafeRawBufferPointer, alphabet: UnsafeBufferPointer<UInt8>, padded: Bool,
        into destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let count = source.count
        guard count > 0, let input = source.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let table = alphabet.baseAddress
        else { return 0 }
        var i = 0
        var o = 0
        while i + 3 <= count {
            let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            destination[o] = table[Int(v >> 18)]
            destination[o + 1] = table[Int((v >> 12) & 0x3F)]
            destination[o + 2] = table[Int((v >> 6) & 0x3F)]
            destination[o + 3] = table[Int(v & 0x3F)]
            i += 3
            o += 4
        }
        let rest = count - i
        if rest == 1 {
            let v = UInt32(input[i]) << 16
            destination[o] = table[Int(v >> 18)]
            destination[o + 1] = table[Int((v >> 12) & 0x3F)]
            o += 2
            if padded {
                destination[o] = UInt8(ascii: "=")
                destination[o + 1] = UInt8(ascii: "=")
                o += 2
            }
        } else if rest == 2 {
            let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
            destination[o] = table[Int(v >> 18)]
            destination[o + 1] = table[Int((v >> 12) & 0x3F)]
            destination[o + 2] = table[Int((v >> 6) & 0x3F)]
            o += 3
            if padded {
                destination[o] = UInt8(ascii: "=")
                o += 1
            }
        }
        return o
    }

    /// Base64url-encodes `source` (unpadded) into `destination`; returns the bytes written.
    /// `destination` must hold `(source.count * 4 + 2) / 3` bytes.
    package static func encode(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        let count = source.count
        let whole = count / 3 * 3
        guard whole > 0, let input = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return urlAlphabet.withUnsafeBufferPointer { encode(source, alphabet: $0, padded: false, into: destination) }
        }
        let output = UnsafeMutableRawPointer(destination)
        urlPairTable.withUnsafeBufferPointer { pairs in
            guard let table = pairs.baseAddress else { return }
            var i = 0
            var o = 0
            // Six bytes in, eight characters out, from one unaligned eight-byte load.
            while i + 8 <= count, i + 6 <= whole {
                let w = UInt64(bigEndian: UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self))
                let a = Int(truncatingIfNeeded: w >> 40)  // bytes i..<i+3 in the low 24 bits
                let b = Int(truncatingIfNeeded: w >> 16)  // bytes i+3..<i+6 in the low 24 bits
                output.storeBytes(of: table[(a >> 12) & 0xFFF], toByteOffset: o, as: UInt16.self)
                output.storeBytes(of: table[a & 0xFFF], toByteOffset: o + 2, as: UInt16.self)
                output.storeBytes(of: table[(b >> 12) & 0xFFF], toByteOffset: o + 4, as: UInt16.self)
                output.storeBytes(of: table[b & 0xFFF], toByteOffset: o + 6, as: UInt16.self)
                i += 6
                o += 8
            }
            while i < whole {
                let v = Int(input[i]) << 16 | Int(input[i + 1]) << 8 | Int(input[i + 2])
                output.storeBytes(of: table[v >> 12], toByteOffset: o, as: UInt16.self)
                output.storeBytes(of: table[v & 0xFFF], toByteOffset: o + 2, as: UInt16.self)
                i += 3
                o += 4
            }
        }
        let head = whole / 3 * 4
        let tail = UnsafeRawBufferPointer(rebasing: source[whole...])
        return head + urlAlphabet.withUnsafeBufferPointer { encode(tail, alphabet: $0, padded: false, into: destination + head) }
    }

    /// Appends the base64url (unpadded) encoding of `bytes` to `out`.
    package static func encode<C: Collection>(_ bytes: C, into out: inout [UInt8]) where C.Element == UInt8 {
        encode(bytes, alphabet: urlAlphabet, padded: false, into: &out)
    }

    /// Appends the base64 encoding of `bytes` with `alphabet`, padded with `=` or not.
    static func encode<C: Collection>(_ bytes: C, alphabet: [UInt8], padded: Bool, into out: inout [UInt8])
    where C.Element == UInt8 {
        let written: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            append(UnsafeRawBufferPointer(buffer), alphabet: alphabet, padded: padded, into: &out)
        }
        if written == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { append($0, alphabet: alphabet, padded: padded, into: &out) }
        }
    }

    private static func append(_ source: UnsafeRawBufferPointer, alphabet: [UInt8], padded: Bool, into out: inout [UInt8]) {
        let extra = encodedCount(source.count, padded: padded)
        guard extra > 0 else { return }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: extra))
        out.withUnsafeMutableBufferPointer { destination in
            alphabet.withUnsafeBufferPointer { table in
                _ = encode(source, alphabet: table, padded: padded, into: destination.baseAddress! + start)
            }
        }
    }

    /// The base64url (unpadded) encoding of `bytes`.
    package static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        string(bytes, alphabet: urlAlphabet, padded: false)
    }

    /// The standard base64 encoding of `bytes`, padded or not.
    package static func encodeStandard<C: Collection>(_ bytes: C, padded: Bool) -> String where C.Element == UInt8 {
        string(bytes, alphabet: standardAlphabet, padded: padded)
    }

    package static func string<C: Collection>(_ bytes: C, alphabet: [UInt8], padded: Bool) -> String where C.Element == UInt8 {
        if let string = bytes.withContiguousStorageIfAvailable({ string(UnsafeRawBufferPointer($0), alphabet: alphabet, padded: padded) }) {
            return string
        }
        return Array(bytes).withUnsafeBytes { string($0, alphabet: alphabet, padded: padded) }
    }

    /// The encoding of `source` with `alphabet` as a String, written straight into the string's storage.
    package static func string(_ source: UnsafeRawBufferPointer, alphabet: [UInt8], padded: Bool) -> String {
        let count = encodedCount(source.count, padded: padded)
        return alphabet.withUnsafeBufferPointer { table in
            String(unsafeUninitializedCapacity: count) { destination in
                guard let base = destination.baseAddress else { return 0 }
                return encode(source, alphabet: table, padded: padded, into: base)
            }
        }
    }

    /// Decodes unpadded base64url text strictly: no padding, no other characters, and no
    /// non-zero trailing bits (so every encoding decodes to exactly one byte string). `nil` when invalid.
    package static func decode<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
        if let result = text.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return result }
        return Array(text).withUnsafeBufferPointer { decode(buffer: $0) }
    }

    static func decode(buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let count = decodedCount(buffer.count) else { return nil }
        var ok = true
        let out = [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
            guard let base = destination.baseAddress else {
                initialized = 0
                ok = count == 0
                return
            }
            if let written = decode(buffer, into: base) {
                initialized = written
            } else {
                initialized = 0
                ok = false
            }
        }
        return ok ? out : nil
    }

    /// The number of bytes that `characters` unpadded base64url characters decode to, or `nil`
    /// when no valid encoding has that length.
    @inline(__always)
    package static func decodedCount(_ characters: Int) -> Int? {
        characters % 4 == 1 ? nil : characters * 3 / 4
    }

    /// Strictly decodes unpadded base64url `text` into `destination` (which must hold
    /// ``decodedCount(_:)`` bytes); returns the bytes written, or `nil` when the text is invalid.
    package static func decode(_ text: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>) -> Int? {
        let count = text.count
        if count % 4 == 1 { return nil }
        guard count > 0, let input = text.baseAddress else { return 0 }
        let whole = count / 4 * 4
        // The invalid bits are gathered in a local of the closure (a captured variable would be
        // stored to memory on every group) and returned once.
        let groupsInvalid: UInt32 = urlShiftedDecodeTable.withUnsafeBufferPointer { shifted in
            guard let t = shifted.baseAddress else { return 0x8000_0000 }
            var groupsInvalid: UInt32 = 0
            var i = 0
            var o = 0
            let output = UnsafeMutableRawPointer(destination)
            // Two groups at a time while at least one more follows: one eight-character load and
            // one eight-byte store (its last two bytes are overwritten by the next group).
            while i + 8 < whole {
                let w = UInt64(littleEndian: UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self))
                let v0 = t[Int(w & 0xFF)] | t[256 + Int((w >> 8) & 0xFF)] | t[512 + Int((w >> 16) & 0xFF)] | t[768 + Int((w >> 24) & 0xFF)]
                let v1 = t[Int((w >> 32) & 0xFF)] | t[256 + Int((w >> 40) & 0xFF)] | t[512 + Int((w >> 48) & 0xFF)] | t[768 + Int(w >> 56)]
                groupsInvalid |= v0 | v1
                let six = UInt64(v0 & 0xFF_FFFF) << 40 | UInt64(v1 & 0xFF_FFFF) << 16
                output.storeBytes(of: six.bigEndian, toByteOffset: o, as: UInt64.self)
                i += 8
                o += 6
            }
            // The last one or two groups, a byte at a time.
            while i < whole {
                let v = t[Int(input[i])] | t[256 + Int(input[i + 1])] | t[512 + Int(input[i + 2])] | t[768 + Int(input[i + 3])]
                groupsInvalid |= v
                destination[o] = UInt8(truncatingIfNeeded: v >> 16)
                destination[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
                destination[o + 2] = UInt8(truncatingIfNeeded: v)
                i += 4
                o += 3
            }
            return groupsInvalid
        }
        if groupsInvalid & 0x8000_0000 != 0 { return nil }
        return urlDecodeTable.withUnsafeBufferPointer { tablePointer -> Int? in
            guard let table = tablePointer.baseAddress else { return nil }
            let i = whole
            var o = whole / 4 * 3
            var invalid: UInt8 = 0
            let rest = count - i
            if rest == 2 {
                let a = table[Int(input[i])]
                let b = table[Int(input[i + 1])]
                invalid |= (a | b) & 0x80
                if b & 0x0F != 0 { return nil }  // non-zero trailing bits
                destination[o] = a << 2 | b >> 4
                o += 1
            } else if rest == 3 {
                let a = table[Int(input[i])]
                let b = table[Int(input[i + 1])]
                let c = table[Int(input[i + 2])]
                invalid |= (a | b | c) & 0x80
                if c & 0x03 != 0 { return nil }  // non-zero trailing bits
                destination[o] = a << 2 | b >> 4
                destination[o + 1] = b << 4 | c >> 2
                o += 2
            }
            return invalid == 0 ? o : nil
        }
    }

    /// Whether `text` is strict unpadded base64url (see ``decode(_:)``), without decoding it.
    package static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        if count % 4 == 1 { return false }
        guard count > 0, let input = text.baseAddress else { return true }
        return urlDecodeTable.withUnsafeBufferPointer { tablePointer in
            guard let table = tablePointer.baseAddress else { return false }
            var invalid: UInt8 = 0
            for i in 0..<count { invalid |= table[Int(input[i])] }
            if invalid & 0x80 != 0 { return false }
            switch count % 4 {
            case 2: return table[Int(input[count - 1])] & 0x0F == 0
            case 3: return table[Int(input[count - 1])] & 0x03 == 0
            default: return true
            }
        }
    }
}
