import IdentityBridge

extension ZendeskChatSettings {
    /// Reads `account_key`, `secret`, `previous_secrets` and `token_lifetime`,
    /// reporting every problem at its YAML position.
    static func parse(_ reader: SettingsReader) -> ZendeskChatSettings? {
        let accountKey = reader.secret("account_key")
        let secret = reader.signingSecret("secret")
        let previousSecrets = reader.secrets("previous_secrets", maxCount: ZendeskChatLimits.maxPreviousSecrets) ?? []
        for (index, previous) in previousSecrets.enumerated() where previous.revealedBytes.count < HS256Signer.minimumKeyLength {
            reader.error(
                "entry \(index + 1) of 'previous_secrets' of zendesk-chat provider is \(previous.revealedBytes.count) bytes; an HS256 key must be at least \(HS256Signer.minimumKeyLength) bytes (RFC 7518 §3.2).",
                at: reader.has("previous_secrets") ? "previous_secrets" : "previous_secrets_file")
        }
        let lifetime = reader.duration(
            "token_lifetime", default: ZendeskChatLimits.defaultTokenLifetime,
            range: ZendeskChatLimits.minTokenLifetime...ZendeskChatLimits.maxLifetime)
        guard let accountKey, let secret, !reader.hasErrors else { return nil }
        return ZendeskChatSettings(accountKey: accountKey, secret: secret, tokenLifetime: lifetime, previousSecrets: previousSecrets)
    }
}
