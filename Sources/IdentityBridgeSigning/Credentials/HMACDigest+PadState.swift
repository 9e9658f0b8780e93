#if SystemLibcrypto && canImport(CLibcrypto)
import CLibcrypto
#else
import Crypto
#endif

extension HMACDigest {
    /// The SHA-256 state after one 64-byte HMAC pad block (key XOR ipad, or key XOR opad).
    ///
    /// On Linux the state is the system OpenSSL libcrypto's `SHA256_CTX` (Debian: libssl-dev),
    /// a plain C struct: finishing a hash copies it onto the stack, so an HMAC costs only its
    /// compression blocks, with no heap allocation. swift-crypto's `SHA256` keeps its state in a
    /// class, so every copy-then-update allocates and zeroes a context (two per HMAC), which
    /// measured more than the compression itself on a JWT-sized message. On other platforms the
    /// state is swift-crypto's `SHA256`. Both are checked against swift-crypto's
    /// `HMAC<SHA256>` in the tests.
    struct PadState: Sendable {
        #if SystemLibcrypto && canImport(CLibcrypto)
        private let context: SHA256_CTX

        init(padBlock: UnsafeRawBufferPointer) {
            var context = SHA256_CTX()
            SHA256_Init(&context)
            SHA256_Update(&context, padBlock.baseAddress, padBlock.count)
            self.context = context
        }

        /// Writes SHA-256(pad block ‖ `message`) to `digest` (32 bytes).
        @inline(__always)
        func finish(_ message: UnsafeRawBufferPointer, into digest: UnsafeMutablePointer<UInt8>) {
            var copy = context
            SHA256_Update(&copy, message.baseAddress, message.count)
            SHA256_Final(digest, &copy)
        }
        #else
        private let hasher: SHA256

        init(padBlock: UnsafeRawBufferPointer) {
            var hasher = SHA256()
            hasher.update(bufferPointer: padBlock)
            self.hasher = hasher
        }

        /// Writes SHA-256(pad block ‖ `message`) to `digest` (32 bytes).
        @inline(__always)
        func finish(_ message: UnsafeRawBufferPointer, into digest: UnsafeMutablePointer<UInt8>) {
            var copy = hasher
            copy.update(bufferPointer: message)
            copy.finalize().withUnsafeBytes { bytes in
                for i in 0..<bytes.count { digest[i] = bytes[i] }
            }
        }
        #endif
    }
}

extension HMACDigest {
    /// The SHA-256 under precomputed-pad HMAC keys: `libcrypto` (the `SystemLibcrypto` trait on
    /// Linux) or `swift-crypto`. `identity-bench` prints it; CI checks both builds.
    public static var hashBackend: String {
        #if SystemLibcrypto && canImport(CLibcrypto)
        "libcrypto"
        #else
        "swift-crypto"
        #endif
    }
}
