import Crypto

/// The simulator's own HMAC-SHA256 (swift-crypto), independent of the adapter's digest code.
enum SimulatorHMAC {
    static func sha256(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }
}
