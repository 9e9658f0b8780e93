import IdentityBridge

extension HelpshiftSettings {
    /// Reads exactly the Helpshift keys; `secret` is required, `identity_secret` too when `identity_system` is on,
    /// reporting every problem at its YAML position.
    static func parse(_ reader: SettingsReader) -> HelpshiftSettings? {
        let identityVerification = reader.bool("identity_verification", default: false)
        let secret = reader.secret("secret")
        let previousSecrets = reader.secrets("previous_secrets") ?? []
        let digestInput = reader.choice(
            "digest_input", HelpshiftDigestInput.allCases.map(\.rawValue), default: HelpshiftDigestInput.auto.rawValue)
        let digestEncoding = reader.choice(
            "digest_encoding", HelpshiftDigestEncoding.allCases.map(\.rawValue), default: HelpshiftDigestEncoding.hex.rawValue)
        let fullPrivacy = reader.bool("full_privacy", default: false)
        let clear = reader.bool("clear_anonymous_user_on_login", default: false)
        let identitySystem = reader.bool("identity_system", default: false)
        var identitySecret: Secret?
        if identitySystem {
            identitySecret = reader.signingSecret("identity_secret", required: true)
        } else {
            // Impossible to misconfigure silently: an Identity System secret without the Identity System has no effect.
            for key in ["identity_secret", "identity_secret_file"] where reader.has(key) {
                reader.error("'\(key)' has no effect while 'identity_system' is false; remove it or set 'identity_system: true'.", at: key)
            }
        }
        if fullPrivacy, let digestInput, digestInput != HelpshiftDigestInput.auto.rawValue,
            digestInput != HelpshiftDigestInput.userId.rawValue
        {
            reader.error(
                "'digest_input' of helpshift provider is '\(digestInput)' but full_privacy is true: with full privacy the userAuthToken is computed on the user ID only (use auto or user_id).",
                at: "digest_input")
        }
        guard !reader.hasErrors, let secret, let digestInput, let digestEncoding,
            let input = HelpshiftDigestInput(rawValue: digestInput), let encoding = HelpshiftDigestEncoding(rawValue: digestEncoding)
        else { return nil }
        return HelpshiftSettings(
            identityVerification: identityVerification, secret: secret, previousSecrets: previousSecrets, digestInput: input,
            digestEncoding: encoding, fullPrivacy: fullPrivacy, clearAnonymousUserOnLogin: clear,
            identitySystem: identitySystem, identitySecret: identitySystem ? identitySecret : nil)
    }
}
