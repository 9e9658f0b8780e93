import Crypto

/// The simulator's own HMAC-SHA256 (swift-crypto), independent of the adapter's digest code.
enum SimulatorHMAC {
    static func sha256(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }

    static func isValid(signature: [UInt8], for message: [UInt8], key: [UInt8]) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: SymmetricKey(data: key))
    }

    /// Constant-time equality of two byte strings.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
