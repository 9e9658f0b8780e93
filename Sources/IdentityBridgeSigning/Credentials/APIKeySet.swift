/// An app's API keys (the token service's `service.api_keys`), checked in constant time: a random
/// HMAC-SHA256 key made at load, and each API key's MAC under it. A presented key's MAC is compared
/// against every one (fixed-length MACs, so neither the keys' contents nor their lengths leak through
/// timing; the MAC key is new at every load, so the MACs mean nothing outside this process).
package struct APIKeySet: Sendable {
    let macKey: HMACDigest.Key
    let macs: [[UInt8]]

    /// The set of `keys`.
    package init(_ keys: [Secret]) {
        let macKey = HMACDigest.Key(secret: Secret(bytes: (0..<32).map { _ in UInt8.random(in: 0...255) }))
        self.macKey = macKey
        self.macs = keys.map { macKey.authenticationCode(for: $0.revealedBytes) }
    }

    /// Whether `token` is one of the keys (every key is compared).
    package func contains(_ token: Substring) -> Bool {
        var token = token
        return token.withUTF8 { presented in
            macKey.withAuthenticationCode(for: UnsafeRawBufferPointer(presented)) { presented in
                var matched = false
                for key in macs {
                    let equal = key.withUnsafeBytes { HMACDigest.constantTimeEquals($0, presented) }
                    matched = equal || matched
                }
                return matched
            }
        }
    }
}
