import IdentityBridge

extension ZendeskMessagingSettings {
    /// A broken rule: where (a setting, or one signing key's field), what is wrong and how to fix it.
    struct Problem {
        /// Where the rule is broken.
        enum Place {
            /// A setting of the instance; `orElse` names the setting to point at when it is not written
            /// (its default broke the rule together with the other setting).
            case setting(String, orElse: String? = nil)
            /// The field `field` of the signing key at `index`.
            case signingKey(index: Int, field: String)
        }

        var place: Place
        var message: String
        var recovery: String

        /// The dotted path an `IdentityError` names (`settings.signing_keys.key_id`).
        var field: String {
            switch place {
            case .setting(let key, _): "settings.\(key)"
            case .signingKey(_, let field): "settings.signing_keys.\(field)"
            }
        }
    }

    /// How messages quote the key ids: as written in the YAML (a `${VAR}` never expanded) or as given in code.
    struct Quoting {
        /// The key id of the signing key at an index.
        var keyID: (Int) -> String
        /// `active_key_id`.
        var activeKeyID: () -> String
    }

    /// Every rule of the settings, written once: the YAML parser and ``init(signingKeys:activeKeyID:tokenLifetime:conversationMode:expiryWarningMargin:maxTokenLifetime:)``
    /// both ask it. Each rule broken, in order; a rule that needs another to hold is checked only when it does.
    static func problems(
        signingKeys: [ZendeskMessagingSigningKey], activeKeyID: String?, tokenLifetime: Int64, expiryWarningMargin: Int64,
        maxTokenLifetime: Int64, quoting: Quoting
    ) -> [Problem] {
        var problems: [Problem] = []
        let limit = ZendeskMessagingLimits.maxSigningKeys
        if signingKeys.isEmpty {
            problems.append(
                Problem(
                    place: .setting("signing_keys"),
                    message: "'signing_keys' of zendesk-messaging provider is empty; add at least one key (key_id and secret).",
                    recovery: "Add a signing key (key_id and secret) created in the Zendesk admin center."))
        } else if signingKeys.count > limit {
            problems.append(
                Problem(
                    place: .setting("signing_keys"),
                    message:
                        "'signing_keys' of zendesk-messaging provider has \(signingKeys.count) keys; a Zendesk account holds at most \(limit) signing keys.",
                    recovery: "Remove rotated-out keys until at most \(limit) remain."))
        }
        var seen: Set<String> = []
        for (index, key) in signingKeys.enumerated() {
            if key.keyID.isEmpty {
                problems.append(
                    Problem(
                        place: .signingKey(index: index, field: "key_id"),
                        message:
                            "'key_id' of a zendesk-messaging signing key is empty; use the key's id from the admin center (e.g. app_...).",
                        recovery: "Set key_id to the key's id from the admin center (e.g. app_...)."))
            } else if !seen.insert(key.keyID).inserted {
                problems.append(
                    Problem(
                        place: .signingKey(index: index, field: "key_id"),
                        message: "signing key id \(quoting.keyID(index)) is listed twice; every key needs its own key_id.",
                        recovery: "Give every signing key its own key_id."))
            }
            if key.secret.isEmpty {
                problems.append(
                    Problem(
                        place: .signingKey(index: index, field: "secret"),
                        message: "signing key \(quoting.keyID(index)) of zendesk-messaging provider has an empty secret.",
                        recovery: "Set the key's secret from the admin center."))
            }
        }
        if problems.isEmpty, let activeKeyID, !seen.contains(activeKeyID) {
            problems.append(
                Problem(
                    place: .setting("active_key_id"),
                    message:
                        "'active_key_id' of zendesk-messaging provider is \(quoting.activeKeyID()), which names none of the \(signingKeys.count) configured signing keys' key_id.",
                    recovery: "Set active_key_id to one of the listed key ids, or remove it to sign with the first key."))
        }
        let lifetimes = ZendeskMessagingLimits.minTokenLifetime...ZendeskMessagingLimits.maxTokenLifetime
        let margins = 0...ZendeskMessagingLimits.maxExpiryWarningMargin
        if let problem = outOfRange("token_lifetime", tokenLifetime, lifetimes, recovery: "Use a lifetime between 1m and 24h (default 1h).")
        {
            problems.append(problem)
        } else if let problem = outOfRange(
            "max_token_lifetime", maxTokenLifetime, tokenLifetime...ZendeskMessagingLimits.maxMaxTokenLifetime,
            low: "token_lifetime (\(tokenLifetime)s)", recovery: "Use a bound between token_lifetime and 30d (default 24h).")
        {
            problems.append(problem)
        }
        if let problem = outOfRange(
            "expiry_warning_margin", expiryWarningMargin, margins, recovery: "Use a margin between 0 and 1h (default 5m).")
        {
            problems.append(problem)
        } else if lifetimes.contains(tokenLifetime), expiryWarningMargin >= tokenLifetime {
            problems.append(
                Problem(
                    place: .setting("expiry_warning_margin", orElse: "token_lifetime"),
                    message:
                        "'expiry_warning_margin' of zendesk-messaging provider (\(expiryWarningMargin)s) must be shorter than 'token_lifetime' (\(tokenLifetime)s), or every fresh token would already be close to expiry.",
                    recovery: "Make expiry_warning_margin shorter than token_lifetime."))
        }
        return problems
    }

    /// `key`'s problem when `seconds` is outside `range` (`low` names the lower bound when it is another setting).
    private static func outOfRange(
        _ key: String, _ seconds: Int64, _ range: ClosedRange<Int64>, low: String? = nil, recovery: String
    ) -> Problem? {
        guard !range.contains(seconds) else { return nil }
        let lower = low ?? ConfigDuration(seconds: range.lowerBound).description
        let upper = ConfigDuration(seconds: range.upperBound).description
        return Problem(
            place: .setting(key),
            message: "'\(key)' of zendesk-messaging provider is \(seconds)s; it must be between \(lower) and \(upper).",
            recovery: recovery)
    }
}
