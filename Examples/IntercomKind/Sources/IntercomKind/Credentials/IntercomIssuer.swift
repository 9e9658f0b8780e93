public import IdentityBridge

/// Issues and verifies Intercom identity verification credentials.
///
/// - `mode: user_hash`: `{"user_id", "email", "user_hash"}`, the fields the Messenger boots with;
///   `user_hash` is the HMAC-SHA256 of the `user_id` (else the email) in lowercase hex.
/// - `mode: jwt`: `{"jwt"}`, an HS256 JWT with `user_id`, `email` (when known), `iat` and `exp`.
///
/// Credentials are issued with the secret of the settings' `platform` (or of the configured platform a
/// user's `metadata["platform"]` names); verification accepts the secret of any configured platform
/// and names it as the key id.
///
/// ```swift
/// let issuer = IntercomIssuer(settings: settings, provider: ProviderReference(kind: .intercom), clock: SystemClock())
/// let credential = try issuer.issue(for: UserIdentity(userId: "u-1", email: "ann@example.com"))
/// let verified = try issuer.verify(credential["user_hash"] ?? "", for: UserIdentity(userId: "u-1"))
/// ```
public struct IntercomIssuer: CredentialIssuer {
    /// The provider instance.
    public let provider: ProviderReference
    /// The instance settings.
    public let settings: IntercomSettings
    let clock: any IdentityClock
    /// The HMAC key (pad states hashed once) of each configured platform, in platform order.
    let hashKeys: [(platform: IntercomPlatform, key: HMACDigest.Key)]
    /// The JWT signer of each configured platform, in platform order.
    let signers: [(platform: IntercomPlatform, signer: HS256Signer)]

    /// Creates an issuer.
    public init(settings: IntercomSettings, provider: ProviderReference = ProviderReference(kind: .intercom), clock: any IdentityClock) {
        self.settings = settings
        self.provider = provider
        self.clock = clock
        let configured = settings.secrets.sorted { $0.key < $1.key }
        hashKeys = configured.map { ($0.key, HMACDigest.Key(secret: $0.value)) }
        signers = configured.map { ($0.key, HS256Signer(secret: $0.value, claimNames: IntercomLimits.jwtClaimNames)) }
    }

    /// The platform whose secret issues for `user`: `metadata["platform"]` when given, else the settings' `platform`.
    public func platform(for user: UserIdentity) throws(IdentityError) -> IntercomPlatform {
        guard let name = user.metadata["platform"] else { return settings.platform }
        guard let platform = IntercomPlatform(rawValue: name), settings.secrets[platform] != nil else {
            let configured = settings.secrets.keys.sorted().map(\.rawValue).joined(separator: ", ")
            throw IdentityError(
                .invalidValueType, field: "metadata.platform",
                message: "metadata.platform is not a platform with a configured secret (configured: \(configured)).",
                recovery: "Name one of \(configured), or leave metadata.platform out.", provider: provider)
        }
        return platform
    }

    /// `platform` when given, else the one that issues for `user` (``platform(for:)``).
    private func configuredPlatform(_ platform: IntercomPlatform?, for user: UserIdentity) throws(IdentityError) -> IntercomPlatform {
        if let platform { return platform }
        return try self.platform(for: user)
    }

    /// `configuration_invalid` at `settings.secrets.<platform>`: no secret of `platform` is configured.
    private func noSecret(for platform: IntercomPlatform) -> IdentityError {
        IdentityError(
            .configurationInvalid, field: "settings.secrets.\(platform.rawValue)", message: "No \(platform.rawValue) secret is configured.",
            recovery: "Add secrets.\(platform.rawValue).", provider: provider)
    }

    /// The `user_hash` of `user` under the secret of `platform` (default: the settings' `platform`).
    public func userHash(for user: UserIdentity, platform: IntercomPlatform? = nil) throws(IdentityError) -> String {
        let ids = try IntercomIdentifiers(user, provider: provider)
        let chosen = try configuredPlatform(platform, for: user)
        guard let key = hashKeys.first(where: { $0.platform == chosen })?.key else { throw noSecret(for: chosen) }
        return key.hex(of: try ids.hashInput(provider: provider))
    }

    /// The Intercom JWT of `user`, issued at `issuedAt` and expiring `jwt_lifetime` seconds later.
    public func mint(for user: UserIdentity, issuedAt: Int64, platform: IntercomPlatform? = nil) throws(IdentityError) -> String {
        let ids = try IntercomIdentifiers(user, provider: provider)
        let userId = try ids.requiredUserId(provider: provider)
        try user.checkLengths(name: false, provider: provider)
        let chosen = try configuredPlatform(platform, for: user)
        guard let signer = signers.first(where: { $0.platform == chosen })?.signer else { throw noSecret(for: chosen) }
        let (expiresAt, overflow) = issuedAt.addingReportingOverflow(settings.jwtLifetime)
        guard !overflow else {
            throw IntercomFailureReason.jwtClaimInvalid.identityError(
                "iat plus jwt_lifetime does not fit a 64-bit exp.", provider: provider)
        }
        return signer.sign { claims in
            claims.add("user_id", userId)
            claims.addIfPresent("email", ids.email)
            claims.add("iat", issuedAt)
            claims.add("exp", expiresAt)
        }
    }

    /// The credential the client hands the Messenger for `user` (see the type's description).
    public func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        switch settings.mode {
        case .userHash:
            let ids = try IntercomIdentifiers(user, provider: provider)
            try user.checkLengths(name: false, provider: provider)
            var fields: [String: JSONValue] = ["user_hash": .string(try userHash(for: user))]
            if let userId = ids.userId { fields["user_id"] = .string(userId) }
            if let email = ids.email { fields["email"] = .string(email) }
            return Credential(fields: fields)
        case .jwt:
            let now = clock.unixSeconds()
            let token = try mint(for: user, issuedAt: now)
            return .jwt(token, expiresAt: Date(timeIntervalSince1970: TimeInterval(now + settings.jwtLifetime)))
        }
    }
}
