import Crypto

/// HMAC-SHA256 helpers shared by every adapter.
public enum HMACDigest {
    /// The HMAC-SHA256 of `message` keyed with `secret`.
    public static func sha256<M: DataProtocol>(_ message: M, secret: Secret) -> [UInt8] {
        let key = SymmetricKey(data: secret.revealedBytes)
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Lowercase hexadecimal text of `bytes`.
    public static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        if let string = bytes.withContiguousStorageIfAvailable({ hex(UnsafeRawBufferPointer($0)) }) { return string }
        return Array(bytes).withUnsafeBytes { hex($0) }
    }

    /// Lowercase hexadecimal text of `bytes`, written straight into the string's storage.
    public static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        hexDigits.withUnsafeBufferPointer { digits in
            String(unsafeUninitializedCapacity: bytes.count * 2) { out in
                var o = 0
                for b in bytes {
                    out[o] = digits[Int(b >> 4)]
                    out[o + 1] = digits[Int(b & 0x0F)]
                    o += 2
                }
                return o
            }
        }
    }

    /// Compares two byte strings in time that depends only on their lengths.
    ///
    /// Inlinable, so a caller in another module gets it specialized for its collection types (an
    /// unspecialized call walks the bytes through generic witnesses, microseconds for a short key);
    /// contiguous bytes (arrays, `Data`, UTF-8 views of native strings) are compared in place.
    @inlinable
    public static func constantTimeEquals<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        let contiguous = a.withContiguousStorageIfAvailable { a in
            b.withContiguousStorageIfAvailable { b in constantTimeEquals(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) }
        }
        if let contiguous, let result = contiguous { return result }
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    /// Compares two equally long byte buffers in time that depends only on their length.
    @inline(__always)
    public static func constantTimeEquals(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}

extension HMACDigest {
    /// An HMAC-SHA256 key with the inner and outer pad states hashed once, at init.
    ///
    /// Each MAC then costs only the message's own compression blocks plus one outer block:
    /// the two key blocks that a one-shot `HMAC<SHA256>.authenticationCode(for:using:)` hashes
    /// on every call are precomputed. A `Key` is an immutable value; share it freely.
    /// ```swift
    /// let key = HMACDigest.Key(secret: secret)
    /// let token = key.hex(of: "user-42")   // the Helpshift userAuthToken
    /// ```
    public struct Key: Sendable {
        private let inner: PadState
        private let outer: PadState

        /// Precomputes the pad states for `secret` (RFC 2104: keys longer than 64 bytes are hashed first).
        public init(secret: Secret) {
            self = secret.withUnsafeBytes { Key(keyBytes: $0) }
        }

        init(keyBytes key: UnsafeRawBufferPointer) {
            var block = [UInt8](repeating: 0, count: 64)
            if key.count > 64 {
                let digest = SHA256.hash(data: key)
                digest.withUnsafeBytes { for i in 0..<$0.count { block[i] = $0[i] } }
            } else {
                for i in 0..<key.count { block[i] = key[i] }
            }
            var innerPad = block
            var outerPad = block
            for i in 0..<64 {
                innerPad[i] ^= 0x36
                outerPad[i] ^= 0x5C
            }
            inner = innerPad.withUnsafeBytes { PadState(padBlock: $0) }
            outer = outerPad.withUnsafeBytes { PadState(padBlock: $0) }
            for i in 0..<64 {
                block[i] = 0
                innerPad[i] = 0
                outerPad[i] = 0
            }
        }

        /// Calls `body` with the 32-byte HMAC-SHA256 of `message` (held on the stack and zeroed afterwards).
        @inline(__always)
        public func withAuthenticationCode<R>(for message: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { scratch in
                let base = scratch.baseAddress!
                inner.finish(message, into: base)
                outer.finish(UnsafeRawBufferPointer(start: base, count: 32), into: base + 32)
                let result = body(UnsafeRawBufferPointer(start: base + 32, count: 32))
                UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: 64)
                return result
            }
        }

        /// The 32-byte HMAC-SHA256 of `message`.
        public func authenticationCode<C: Collection>(for message: C) -> [UInt8] where C.Element == UInt8 {
            withContiguous(message) { buffer in withAuthenticationCode(for: buffer) { Array($0) } }
        }

        /// Lowercase hex of the HMAC-SHA256 of `message`'s UTF-8 bytes (64 characters).
        public func hex(of message: String) -> String {
            var message = message
            return message.withUTF8 { utf8 in
                withAuthenticationCode(for: UnsafeRawBufferPointer(utf8)) { HMACDigest.hex($0) }
            }
        }

        /// Base64 (standard alphabet) of the HMAC-SHA256 of `message`'s UTF-8 bytes, padded (44
        /// characters) or not (43).
        public func base64(of message: String, padded: Bool) -> String {
            var message = message
            return message.withUTF8 { utf8 in
                withAuthenticationCode(for: UnsafeRawBufferPointer(utf8)) {
                    Base64URL.string($0, alphabet: Base64URL.standardAlphabet, padded: padded)
                }
            }
        }

        /// Whether `mac` is the HMAC-SHA256 of `message` (constant-time comparison).
        package func isValid<M: Collection, C: Collection>(_ mac: M, for message: C) -> Bool
        where M.Element == UInt8, C.Element == UInt8 {
            withContiguous(message) { buffer in
                withAuthenticationCode(for: buffer) { expected in
                    withContiguous(mac) { HMACDigest.constantTimeEquals(expected, $0) }
                }
            }
        }

        private func withContiguous<C: Collection, R>(_ bytes: C, _ body: (UnsafeRawBufferPointer) -> R) -> R
        where C.Element == UInt8 {
            if let result = bytes.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
            return Array(bytes).withUnsafeBytes(body)
        }
    }
}
