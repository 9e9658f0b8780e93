package import IdentityBridge

/// Validates Identity System identities against every documented limit, naming the per-key reason.
package enum HelpshiftIdentityValidator {
    /// One per-key problem: the data key Helpshift would report, the field path and the reason.
    package struct Problem: Hashable, Sendable {
        /// The key in the failure data (the identity's identifier, or the metadata key).
        package var key: String
        /// Where it is, e.g. `identities[0].metadata.level`.
        package var field: String
        /// The documented reason.
        package var reason: HelpshiftDataErrorReason
    }

    /// Every per-key problem of `identities`, in order.
    package static func problems(_ identities: [HelpshiftIdentity]) -> [Problem] {
        var problems: [Problem] = []
        for (index, identity) in identities.enumerated() {
            let path = "identities[\(index)]"
            let key = identity.identifier
            if key.isBlank {
                problems.append(Problem(key: key, field: "\(path).identifier", reason: .emptyData))
            } else if key.count > HelpshiftLimits.keyMaxLength {
                problems.append(Problem(key: key, field: "\(path).identifier", reason: .keyLengthLimitExceeded))
            }
            let maxValue = key == "uid" ? HelpshiftLimits.uidValueMaxLength : HelpshiftLimits.identityValueMaxLength
            if identity.value.isBlank {
                problems.append(Problem(key: key, field: "\(path).value", reason: .emptyData))
            } else if identity.value.count > maxValue {
                problems.append(Problem(key: key, field: "\(path).value", reason: .valueLengthLimitExceeded))
            }
            if identity.metadata.count > HelpshiftLimits.collectionMaxCount {
                problems.append(Problem(key: key, field: "\(path).metadata", reason: .metadataCountLimitExceeded))
            }
            for metaKey in identity.metadata.keys.sorted() {
                let value = identity.metadata[metaKey] ?? ""
                let field = "\(path).metadata.\(metaKey)"
                if metaKey.isBlank || value.isBlank {
                    problems.append(Problem(key: metaKey, field: field, reason: .metadataEmptyKeyOrValue))
                } else if metaKey.count > HelpshiftLimits.keyMaxLength {
                    problems.append(Problem(key: metaKey, field: field, reason: .metadataKeyLengthLimitExceeded))
                } else if value.count > HelpshiftLimits.identityValueMaxLength {
                    problems.append(Problem(key: metaKey, field: field, reason: .metadataValueLengthLimitExceeded))
                }
            }
        }
        return problems
    }

    /// Throws the first violated rule: size limit, per-key data problems, unknown identifier names,
    /// then (full privacy off, for a login) the uid-or-email rule.
    package static func validate(
        _ identities: [HelpshiftIdentity], fullPrivacy: Bool, requireUidOrEmail: Bool = true, provider: ProviderReference?
    ) throws(IdentityError) {
        if identities.count > HelpshiftLimits.collectionMaxCount {
            throw IdentityError(
                .limitExceeded, field: "identities", vendorCode: HelpshiftLoginFailureReason.identitiesSizeLimitExceeded.rawValue,
                message:
                    "The identities JWT has \(identities.count) identities; Helpshift allows at most \(HelpshiftLimits.collectionMaxCount).",
                recovery: HelpshiftLoginFailureReason.identitiesSizeLimitExceeded.recovery, provider: provider)
        }
        let found = problems(identities)
        if let first = found.first {
            let all = found.map { "\($0.field) (\($0.key)): \($0.reason.rawValue)" }.joined(separator: "; ")
            throw IdentityError(
                first.reason.code, field: first.field, vendorCode: first.reason.rawValue,
                message: "IdentitiesDataInvalid: \(all).", recovery: first.reason.recovery, provider: provider)
        }
        for (index, identity) in identities.enumerated() where !HelpshiftIdentity.knownIdentifiers.contains(identity.identifier) {
            throw IdentityError(
                .invalidIdentifier, field: "identities[\(index)].identifier",
                vendorCode: HelpshiftLoginFailureReason.identitiesDataInvalid.rawValue,
                message: "\"\(identity.identifier)\" is not a Helpshift identifier name.",
                recovery: "Use one of: \(HelpshiftIdentity.knownIdentifiers.joined(separator: ", ")).", provider: provider)
        }
        if requireUidOrEmail, !fullPrivacy, !identities.contains(where: { $0.identifier == "uid" || $0.identifier == "email" }) {
            let reason = HelpshiftLoginFailureReason.uidOrEmailIsMandatory
            throw IdentityError(
                reason.code, field: "identities", vendorCode: reason.rawValue,
                message: "With full privacy off, the identities JWT needs a \"uid\" or an \"email\" identity.",
                recovery: reason.recovery, provider: provider)
        }
    }
}
