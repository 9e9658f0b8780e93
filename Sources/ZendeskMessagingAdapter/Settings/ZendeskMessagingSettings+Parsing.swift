import IdentityBridge

extension ZendeskMessagingSettings {
    /// Reads `signing_keys`, `active_key_id`, `token_lifetime`, `conversation_mode`,
    /// `expiry_warning_margin` and `max_token_lifetime`, and reports every rule they break
    /// (``problems(signingKeys:activeKeyID:tokenLifetime:expiryWarningMargin:maxTokenLifetime:quoting:)``,
    /// the rules the initializer applies too) at its YAML position.
    static func parse(_ reader: SettingsReader) -> ZendeskMessagingSettings? {
        var keys: [(reader: SettingsReader, key: ZendeskMessagingSigningKey)] = []
        let items = reader.list("signing_keys", required: true)
        var keysRead = items != nil
        for item in items ?? [] {
            let keyID = item.string("key_id", required: true)
            let secret = item.signingSecret("secret")
            guard let keyID, let secret else {
                keysRead = false
                continue
            }
            keys.append((item, ZendeskMessagingSigningKey(keyID: keyID, secret: secret)))
        }
        let activeKeyID = reader.string("active_key_id")
        // Read as written; the ranges are rules of the settings, checked with the others below.
        let anyDuration = 0...Int64.max
        let lifetime = reader.duration("token_lifetime", default: ZendeskMessagingLimits.defaultTokenLifetime, range: anyDuration)
        let modeText = reader.choice("conversation_mode", ZendeskMessagingConversationMode.allCases.map(\.rawValue), default: "single")
        let margin = reader.duration(
            "expiry_warning_margin", default: ZendeskMessagingLimits.defaultExpiryWarningMargin, range: anyDuration)
        let maxLifetime = reader.duration(
            "max_token_lifetime", default: ZendeskMessagingLimits.defaultMaxTokenLifetime, range: anyDuration)
        let quoting = Quoting(
            keyID: { keys[$0].reader.quotedAsWritten("key_id") ?? "" }, activeKeyID: { reader.quotedAsWritten("active_key_id") ?? "" })
        let problems = Self.problems(
            signingKeys: keysRead ? keys.map(\.key) : [], activeKeyID: keysRead ? activeKeyID : nil, tokenLifetime: lifetime,
            expiryWarningMargin: margin, maxTokenLifetime: maxLifetime, quoting: quoting
        ).filter { keysRead || !$0.isAboutSigningKeys }
        for problem in problems {
            switch problem.place {
            case .setting(let key, let orElse):
                reader.error(problem.message, at: reader.has(key) ? key : orElse ?? key)
            case .signingKey(let index, let field):
                keys[index].reader.error(problem.message, at: field)
            }
        }
        guard keysRead, problems.isEmpty, let modeText, let mode = ZendeskMessagingConversationMode(rawValue: modeText) else { return nil }
        do throws(IdentityError) {
            return try ZendeskMessagingSettings(
                signingKeys: keys.map(\.key), activeKeyID: activeKeyID, tokenLifetime: lifetime,
                conversationMode: mode, expiryWarningMargin: margin, maxTokenLifetime: maxLifetime)
        } catch {
            reader.error(error.message)
            return nil
        }
    }
}

extension ZendeskMessagingSettings.Problem {
    /// Whether the problem is about the signing keys (skipped when a key could not be read: that was reported already).
    fileprivate var isAboutSigningKeys: Bool {
        switch place {
        case .signingKey: true
        case .setting(let key, _): key == "signing_keys" || key == "active_key_id"
        }
    }
}
