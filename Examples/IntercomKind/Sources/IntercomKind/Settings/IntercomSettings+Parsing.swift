import IdentityBridge

extension IntercomSettings {
    /// Reads exactly the Intercom keys, reporting every problem at its YAML position (`FILE:LINE:COLUMN`).
    static func parse(_ reader: SettingsReader) -> IntercomSettings? {
        let mode = reader.choice("mode", IntercomMode.allCases.map(\.rawValue), default: IntercomMode.userHash.rawValue)
            .flatMap(IntercomMode.init(rawValue:))
        let platform = reader.choice("platform", IntercomPlatform.allCases.map(\.rawValue), default: IntercomPlatform.web.rawValue)
            .flatMap(IntercomPlatform.init(rawValue:))
        let lifetime = reader.duration("jwt_lifetime", default: IntercomLimits.defaultJWTLifetime, range: IntercomLimits.jwtLifetimeRange)
        let skew = reader.duration("clock_skew", default: IntercomLimits.defaultClockSkew, range: IntercomLimits.clockSkewRange)
        if mode == .userHash {
            // Impossible to misconfigure silently: JWT settings have no effect on user hashes.
            for key in ["jwt_lifetime", "clock_skew"] where reader.has(key) {
                reader.error("'\(key)' has no effect while 'mode' is user_hash; remove it or set 'mode: jwt'.", at: key)
            }
        }
        var secrets: [IntercomPlatform: Secret] = [:]
        if let table = reader.mapping("secrets", required: true) {
            for candidate in IntercomPlatform.allCases {
                // An HS256 key must be at least 32 bytes (RFC 7518); a user_hash key may be any non-empty secret.
                let secret =
                    mode == .jwt
                    ? table.signingSecret(candidate.rawValue, required: false) : table.secret(candidate.rawValue, required: false)
                if let secret { secrets[candidate] = secret }
            }
            if let platform, secrets[platform] == nil, !table.hasErrors {
                table.error(
                    "'secrets' of intercom provider has no '\(platform.rawValue)' secret, the platform that issues ('platform: \(platform.rawValue)'); set '\(platform.rawValue): ${VAR}' or '\(platform.rawValue)_file: PATH'."
                )
            }
        }
        guard !reader.hasErrors, let mode, let platform, secrets[platform] != nil else { return nil }
        return IntercomSettings(mode: mode, platform: platform, secrets: secrets, jwtLifetime: lifetime, clockSkew: skew)
    }
}
