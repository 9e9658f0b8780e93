import IdentityBridge

extension ZendeskSupportSettings {
    /// Reads `auth`, `secret`, `user_token_secret`, `user_token_lifetime` and `max_token_age`,
    /// reporting every problem at its YAML position.
    static func parse(_ reader: SettingsReader) -> ZendeskSupportSettings? {
        let auth = reader.choice("auth", ZendeskSupportAuthMode.allCases.map(\.rawValue), default: nil).flatMap(
            ZendeskSupportAuthMode.init(rawValue:))
        if auth == .anonymous {
            // Impossible to misconfigure silently: JWT-only settings have no effect on an anonymous app.
            for key in Self.jwtOnlyKeys where reader.has(key) {
                reader.error(
                    "'\(key)' has no effect with 'auth: anonymous' (the Support SDK app uses anonymous identities); remove it or set 'auth: jwt'.",
                    at: key)
            }
            return reader.hasErrors
                ? nil
                : ZendeskSupportSettings(
                    auth: .anonymous, secret: nil, userTokenSecret: nil, userTokenLifetime: ZendeskSupportLimits.defaultUserTokenLifetime)
        }
        let secret = reader.signingSecret("secret", required: auth == .jwt)
        let userTokenSecret = reader.signingSecret("user_token_secret", required: false)
        let lifetime = reader.duration(
            "user_token_lifetime", default: ZendeskSupportLimits.defaultUserTokenLifetime,
            range: 1...ZendeskSupportLimits.maxUserTokenLifetime)
        let maxTokenAge = reader.duration(
            "max_token_age", default: ZendeskSupportLimits.defaultMaxTokenAge, range: 1...ZendeskSupportLimits.maxMaxTokenAge)
        guard let auth, !reader.hasErrors else { return nil }
        return ZendeskSupportSettings(
            auth: auth, secret: secret, userTokenSecret: userTokenSecret, userTokenLifetime: lifetime, maxTokenAge: maxTokenAge)
    }

    /// Settings that only a JWT app uses; an anonymous app that sets them is a configuration error.
    static let jwtOnlyKeys = [
        "secret", "secret_file", "user_token_secret", "user_token_secret_file", "user_token_lifetime", "max_token_age",
    ]
}
