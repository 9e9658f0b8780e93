import Crypto

/// HMAC-SHA256 helpers shared by every adapter.
public enum HMACDigest {
    /// The HMAC-SHA256 of `message` keyed with `secret`.
    public static func sha256<M: DataProtocol>(_ message: M, secret: Secret) -> [UInt8] {
        let key = SymmetricKey(data: secret.revealedBytes)
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
    }

    /// Lowercase hexadecimal text of `bytes`.
    public static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Compares two byte strings in time that depends only on their lengths.
    public static func constantTimeEquals<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
