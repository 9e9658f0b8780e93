/// Why a provider calls its ``CredentialSource``: for a login, or to replace a credential the vendor
/// SDK refused.
///
/// A credential source answers a repeated call from its cache while the credential is fresh (an SDK
/// such as Zendesk Chat asks at every connect). When the SDK refuses the credential it was handed
/// (Messaging's `onInvalidAuth`, Chat's authentication-failed notification, Helpshift's
/// `userSessionExpired` / `refreshUserCredentials`), the provider asks again through
/// ``afterRefusal(_:)``: the source then never hands the refused credential back.
public enum CredentialSourceCall {
    /// `true` while a provider asks its source again because the SDK refused, or reported expired,
    /// the credential the source handed last. A source of the app's own reads it to skip its cache.
    @TaskLocal public static var replacesRefused = false

    /// Calls `source` (a ``CredentialSource``, or a closure over one) with ``replacesRefused`` set:
    /// the credential it handed last was refused.
    public static func afterRefusal<Value: Sendable>(
        _ source: () async throws(IdentityError) -> Value
    ) async throws(IdentityError) -> Value {
        let result = await $replacesRefused.withValue(true) { () async -> Result<Value, IdentityError> in
            do throws(IdentityError) { return .success(try await source()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
