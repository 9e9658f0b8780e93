public import HelpshiftAdapter
public import IdentityBridge

extension HelpshiftSimulator {
    /// Why an identities JWT is refused, in Helpshift's words.
    enum TokenProblem: Error {
        case tokenInvalid
        case iatMissing
        case sizeLimit
        case dataInvalid([String: String])
        case uidOrEmailMissing
    }

    struct Identity {
        var identifier: String
        var value: String
    }

    /// Parses and checks an identities JWT as Helpshift's backend does.
    func checkIdentityToken(_ jwt: String, forLogin: Bool) -> Result<[Identity], TokenProblem> {
        guard let secret = configuration.identitySecret, let token = SimulatedJWT(jwt), token.isHS256,
            token.isSigned(with: secret.revealedBytes)
        else { return .failure(.tokenInvalid) }
        let claims = token.claims
        // "Issued At Timestamp or "iat" is a mandatory key in the JWT payload".
        guard let iatValue = claims["iat"], !iatValue.isNull else { return .failure(.iatMissing) }
        guard let iat = iatValue.intValue else { return .failure(.tokenInvalid) }
        // "must be less than 24 hours old"; an iat so far back that the age overflows is older still.
        let (age, overflow) = now.subtractingReportingOverflow(iat)
        guard !overflow, age < HelpshiftLimits.identityTokenMaxAge else { return .failure(.tokenInvalid) }
        // An iat in the future is no "age" at all: beyond a clock skew it is not a valid issue time.
        guard age >= -JWTFreshness.defaultClockSkew else { return .failure(.tokenInvalid) }
        guard let list = claims["identities"]?.arrayValue else { return .failure(.dataInvalid(["identities": "HelpshiftEmptyData"])) }
        guard list.count <= HelpshiftLimits.collectionMaxCount else { return .failure(.sizeLimit) }
        var errors: [String: String] = [:]
        var identities: [Identity] = []
        for entry in list {
            let identifier = entry["identifier"]?.stringValue ?? ""
            let value = entry["value"]?.stringValue ?? ""
            if identifier.trimmingCharacters(in: .whitespaces).isEmpty || value.trimmingCharacters(in: .whitespaces).isEmpty {
                errors[identifier] = "HelpshiftEmptyData"
            } else if identifier.count > HelpshiftLimits.keyMaxLength {
                errors[identifier] = "HelpshiftKeyLengthLimitExceeded"
            } else if value.count > (identifier == "uid" ? HelpshiftLimits.uidValueMaxLength : HelpshiftLimits.identityValueMaxLength) {
                errors[identifier] = "HelpshiftValueLengthLimitExceeded"
            } else if !HelpshiftIdentity.knownIdentifiers.contains(identifier) {
                errors[identifier] = "HelpshiftInvalidData"
            }
            if let metadata = entry["metadata"], !metadata.isNull {
                guard let object = metadata.objectValue else {
                    errors[identifier] = "HelpshiftMetadataEmptyKeyOrValue"
                    continue
                }
                if object.count > HelpshiftLimits.collectionMaxCount { errors[identifier] = "HelpshiftMetadataCountLimitExceeded" }
                for (key, item) in object {
                    let text = item.stringValue ?? ""
                    if key.trimmingCharacters(in: .whitespaces).isEmpty || text.trimmingCharacters(in: .whitespaces).isEmpty {
                        errors[key] = "HelpshiftMetadataEmptyKeyOrValue"
                    } else if key.count > HelpshiftLimits.keyMaxLength {
                        errors[key] = "HelpshiftMetadataKeyLengthLimitExceeded"
                    } else if text.count > HelpshiftLimits.identityValueMaxLength {
                        errors[key] = "HelpshiftMetadataValueLengthLimitExceeded"
                    }
                }
            }
            identities.append(Identity(identifier: identifier, value: value))
        }
        guard errors.isEmpty else { return .failure(.dataInvalid(errors)) }
        // "With full privacy off, either uid or email is mandatory."
        if forLogin, !configuration.fullPrivacy, !identities.contains(where: { $0.identifier == "uid" || $0.identifier == "email" }) {
            return .failure(.uidOrEmailMissing)
        }
        return .success(identities)
    }

    /// `Helpshift.login(withIdentity:config:)`.
    public func loginWithIdentity(_ jwt: String, config: [String: JSONValue]) -> HelpshiftIdentityLoginResult {
        checkSessionExpiry()
        if let reason = injectedLoginFailure {
            injectedLoginFailure = nil
            return .failure(reason: reason, errors: [:])
        }
        guard configuration.identityFeatureEnabled else { return .failure(reason: "IdentityFeatureNotEnabled", errors: [:]) }
        guard config.count <= HelpshiftLimits.collectionMaxCount else {
            return .failure(reason: "LoginConfigSizeLimitExceeded", errors: [:])
        }
        for value in config.values {
            switch value {
            case .string, .int, .double, .bool: continue
            default: return .failure(reason: "LoginConfigInvalid", errors: [:])
            }
        }
        // An empty JWT logs in the anonymous user.
        if jwt.isEmpty {
            logOutCurrent()
            becomeAnonymous()
            return .success
        }
        let identities: [Identity]
        switch checkIdentityToken(jwt, forLogin: true) {
        case .failure(.tokenInvalid): return .failure(reason: "IdentityTokenInvalid", errors: [:])
        case .failure(.iatMissing): return .failure(reason: "IatIsMandatory", errors: [:])
        case .failure(.sizeLimit): return .failure(reason: "IdentitiesSizeLimitExceeded", errors: [:])
        case .failure(.dataInvalid(let errors)): return .failure(reason: "IdentitiesDataInvalid", errors: errors)
        case .failure(.uidOrEmailMissing): return .failure(reason: "UidOrEmailIsMandatory", errors: [:])
        case .success(let list): identities = list
        }
        // "Logging in again logs the current user out first."
        logOutCurrent()
        clearAnonymousIfAsked()
        let uid = identities.first { $0.identifier == "uid" }?.value
        let email = identities.first { $0.identifier == "email" }?.value
        let index = matchOrCreate(userId: uid, email: email, name: nil)
        for identity in identities { users[index].identities[identity.identifier] = identity.value }
        currentIndex = index
        verified = true
        authFailure = nil
        // Saturating: a clock near the end of the Int64 range gives a session that never expires, not a trap.
        session = IdentitySession(expiresAt: Self.saturatingSum(now, configuration.sessionLifetime))
        return .success
    }

    /// `Helpshift.addUserIdentities(jwt)`: nothing for an anonymous user.
    public func addUserIdentities(_ jwt: String) {
        checkSessionExpiry()
        guard let index = currentIndex, !users[index].isAnonymous else { return }
        guard configuration.identityFeatureEnabled else { return send("HelpshiftEventUserIdentityNotEnabled") }
        switch checkIdentityToken(jwt, forLogin: false) {
        case .failure(.tokenInvalid): send("HelpshiftIdentityTokenInvalid")
        case .failure(.iatMissing): send("HelpshiftIatIsMandatory")
        case .failure(.sizeLimit): send("HelpshiftIdentitiesSizeLimitExceeded")
        case .failure(.dataInvalid(let errors)): send("HelpshiftIdentitiesDataInvalid", .object(errors.mapValues(JSONValue.string)))
        case .failure(.uidOrEmailMissing): send("HelpshiftIdentitiesDataInvalid")
        case .success(let identities):
            if failNextSync {
                failNextSync = false
                var data: [String: JSONValue] = [:]
                for identity in identities { data[identity.identifier] = "HelpshiftInvalidData" }
                return send("HelpshiftEventAddUserIdentitiesSyncFailed", .object(data))
            }
            for identity in identities { users[index].identities[identity.identifier] = identity.value }
        }
    }

    /// `Helpshift.updateAppAttributes(attributes)`.
    public func updateAppAttributes(_ attributes: [String: JSONValue]) { updateAttributes(attributes, master: false) }
    /// `Helpshift.updateMasterAttributes(attributes)`.
    public func updateMasterAttributes(_ attributes: [String: JSONValue]) { updateAttributes(attributes, master: true) }

    func updateAttributes(_ attributes: [String: JSONValue], master: Bool) {
        checkSessionExpiry()
        // The values HelpshiftX 10.4.1's constants hold (HelpshiftEvent{App,Master}AttributesLimitExceeded,
        // HelpshiftEventUpdate{App,Master}Attributes{ValidationFailed,SyncFailed}), as the SDK sends them.
        let which = master ? "master" : "app"
        guard configuration.identityFeatureEnabled else { return send("HelpshiftEventUserIdentityNotEnabled") }
        guard attributes.count <= HelpshiftLimits.collectionMaxCount else { return send("\(which)AttributesLimitExceeded") }
        var errors: [String: JSONValue] = [:]
        for (key, value) in attributes {
            if let reason = SimulatorAttributeRules.problem(key: key, value: value, master: master) { errors[key] = .string(reason) }
        }
        guard errors.isEmpty else { return send("\(which)AttributesValidationFailed", .object(errors)) }
        if failNextSync {
            failNextSync = false
            return send("\(which)AttributesSyncFailed", .object(attributes.mapValues { _ in "HelpshiftInvalidData" }))
        }
        if currentIndex == nil { becomeAnonymous() }
        guard let index = currentIndex else { return }
        for (key, value) in attributes {
            if master { users[index].masterAttributes[key] = value } else { users[index].appAttributes[key] = value }
        }
    }

    /// `a + b`, clamped to the Int64 range instead of trapping on overflow.
    static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    /// `a - b`, clamped to the Int64 range instead of trapping on overflow.
    static func saturatingDifference(_ a: Int64, _ b: Int64) -> Int64 {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return difference }
        return b < 0 ? .max : .min
    }

    /// Sends `userSessionExpired` once, at the moment the session is seen to be over.
    func checkSessionExpiry() {
        guard var current = session, now >= current.expiresAt, !current.expiredNotified else { return }
        current.expiredNotified = true
        session = current
        send("HelpshiftEventUserSessionExpired")
    }

    /// The app came to the foreground: `userSessionExpired` again on every foreground until a fresh
    /// login; `refreshUserCredentials` once when the session is about to expire.
    public func appDidEnterForeground() {
        guard var current = session else { return }
        if now >= current.expiresAt {
            current.expiredNotified = true
            session = current
            send("HelpshiftEventUserSessionExpired")
        } else if now >= Self.saturatingDifference(current.expiresAt, configuration.refreshLeadTime), !current.refreshSent {
            current.refreshSent = true
            session = current
            send("HelpshiftEventRefreshUserCredentials")
        }
    }
}
