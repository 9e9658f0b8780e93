import Crypto

extension Secret {
    /// HKDF-SHA256 (RFC 5869) of this secret with no salt: `byteCount` bytes for `info`.
    package func hkdfSHA256(info: String, byteCount: Int) -> Secret {
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: revealedBytes), info: Array(info.utf8), outputByteCount: byteCount)
        return key.withUnsafeBytes { Secret(bytes: Array($0)) }
    }
}
