/// Base64 and base64url (RFC 4648) encoding without Foundation, for the credential hot path.
public enum Base64URL {
    static let urlAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    static let standardAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let urlDecodeTable: [UInt8] = makeDecodeTable(urlAlphabet)

    static func makeDecodeTable(_ alphabet: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }

    /// Appends the base64url (unpadded) encoding of `bytes` to `out`.
    public static func encode<C: Collection>(_ bytes: C, into out: inout [UInt8]) where C.Element == UInt8 {
        encode(bytes, alphabet: urlAlphabet, padded: false, into: &out)
    }

    /// Appends the base64 encoding of `bytes` with `alphabet`, padded with `=` or not.
    static func encode<C: Collection>(_ bytes: C, alphabet: [UInt8], padded: Bool, into out: inout [UInt8])
    where C.Element == UInt8 {
        var iterator = bytes.makeIterator()
        while let b0 = iterator.next() {
            let b1 = iterator.next()
            let b2 = b1 == nil ? nil : iterator.next()
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | (b1 ?? 0) >> 4)])
            if let b1 {
                out.append(alphabet[Int((b1 & 0x0F) << 2 | (b2 ?? 0) >> 6)])
            } else if padded {
                out.append(UInt8(ascii: "="))
            }
            if let b2 {
                out.append(alphabet[Int(b2 & 0x3F)])
            } else if padded {
                out.append(UInt8(ascii: "="))
            }
        }
    }

    /// The base64url (unpadded) encoding of `bytes`.
    public static func encode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        encode(bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The standard base64 encoding of `bytes`, padded or not.
    public static func encodeStandard<C: Collection>(_ bytes: C, padded: Bool) -> String where C.Element == UInt8 {
        var out: [UInt8] = []
        encode(bytes, alphabet: standardAlphabet, padded: padded, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes unpadded base64url text strictly: no padding, no other characters, and no
    /// non-zero trailing bits (so every encoding decodes to exactly one byte string). `nil` when invalid.
    public static func decode<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
        let count = text.count
        if count % 4 == 1 { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for c in text {
            let v = urlDecodeTable[Int(c)]
            if v == 0xFF { return nil }
            accumulator = accumulator << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        if bits > 0, accumulator & ((1 << UInt32(bits)) - 1) != 0 { return nil }
        return out
    }
}
