import IdentityBridge

extension ZendeskMessagingSettings {
    /// Reads `signing_keys`, `active_key_id`, `token_lifetime`, `conversation_mode`,
    /// `expiry_warning_margin` and `max_token_lifetime`, reporting every problem at its YAML position.
    static func parse(_ reader: SettingsReader) -> ZendeskMessagingSettings? {
        let limit = ZendeskMessagingLimits.maxSigningKeys
        var keys: [ZendeskMessagingSigningKey] = []
        var keysValid = true
        if let items = reader.list("signing_keys", required: true) {
            if items.count > limit {
                reader.error(
                    "'signing_keys' of zendesk-messaging provider has \(items.count) keys; a Zendesk account holds at most \(limit) signing keys.",
                    at: "signing_keys")
                keysValid = false
            } else if items.isEmpty {
                reader.error(
                    "'signing_keys' of zendesk-messaging provider is empty; add at least one key (key_id and secret).", at: "signing_keys")
                keysValid = false
            }
            var seen: Set<String> = []
            for item in items {
                let keyID = item.string("key_id", required: true)
                let secret = item.signingSecret("secret")
                guard let keyID, let secret else {
                    keysValid = false
                    continue
                }
                if keyID.isEmpty {
                    item.error(
                        "'key_id' of a zendesk-messaging signing key is empty; use the key's id from the admin center (e.g. app_...).",
                        at: "key_id")
                    keysValid = false
                } else if !seen.insert(keyID).inserted {
                    item.error(
                        "signing key id \(item.quotedAsWritten("key_id") ?? "") is listed twice; every key needs its own key_id.",
                        at: "key_id")
                    keysValid = false
                }
                keys.append(ZendeskMessagingSigningKey(keyID: keyID, secret: secret))
            }
        } else {
            keysValid = false
        }
        let activeKeyID = reader.string("active_key_id")
        if keysValid, let activeKeyID, !keys.contains(where: { $0.keyID == activeKeyID }) {
            reader.error(
                "'active_key_id' of zendesk-messaging provider is \(reader.quotedAsWritten("active_key_id") ?? ""), which names none of the \(keys.count) configured signing keys' key_id.",
                at: "active_key_id")
            keysValid = false
        }
        let lifetime = reader.duration(
            "token_lifetime", default: ZendeskMessagingLimits.defaultTokenLifetime,
            range: ZendeskMessagingLimits.minTokenLifetime...ZendeskMessagingLimits.maxTokenLifetime)
        let modeText = reader.choice("conversation_mode", ZendeskMessagingConversationMode.allCases.map(\.rawValue), default: "single")
        let margin = reader.duration(
            "expiry_warning_margin", default: ZendeskMessagingLimits.defaultExpiryWarningMargin,
            range: 0...ZendeskMessagingLimits.maxExpiryWarningMargin)
        if margin >= lifetime {
            // Point at the setting the user wrote: the margin when given, else the too-short lifetime.
            let marginGiven = reader.has("expiry_warning_margin")
            reader.error(
                "'expiry_warning_margin' of zendesk-messaging provider (\(margin)s\(marginGiven ? "" : ", the default")) must be shorter than 'token_lifetime' (\(lifetime)s), or every fresh token would already be close to expiry.",
                at: marginGiven ? "expiry_warning_margin" : "token_lifetime")
            return nil
        }
        let maxLifetime = reader.duration(
            "max_token_lifetime", default: ZendeskMessagingLimits.defaultMaxTokenLifetime,
            range: lifetime...ZendeskMessagingLimits.maxMaxTokenLifetime)
        guard keysValid, let modeText, let mode = ZendeskMessagingConversationMode(rawValue: modeText) else { return nil }
        do throws(IdentityError) {
            return try ZendeskMessagingSettings(
                signingKeys: keys, activeKeyID: activeKeyID, tokenLifetime: lifetime,
                conversationMode: mode, expiryWarningMargin: margin, maxTokenLifetime: maxLifetime)
        } catch {
            reader.error(error.message)
            return nil
        }
    }
}
