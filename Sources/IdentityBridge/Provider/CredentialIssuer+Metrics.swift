import CoreMetrics
import Logging

/// The counters every issuer built from a configuration reports, and its refusal log.
///
/// | label | dimensions |
/// |---|---|
/// | `identitybridge_credentials_issued_total` | `app`, `kind`, `provider` (the instance's name) |
/// | `identitybridge_credentials_refused_total` | `app`, `kind`, `provider`, `code` |
/// | `identitybridge_verifications_total` | `app`, `kind`, `provider`, `result` (`valid` / `invalid`), `code` (`none` when valid) |
///
/// The instance's label is `provider`, not `instance`: Prometheus gives every scraped series an `instance`
/// label of its own (the target), which would rename a label of that name to `exported_instance`.
package struct IssuerMetrics: Sendable {
    /// Counter label: credentials issued (including exchanged JWTs).
    static let issuedLabel = "identitybridge_credentials_issued_total"
    /// Counter label: credentials refused, by uniform code.
    static let refusedLabel = "identitybridge_credentials_refused_total"
    /// Counter label: verifications, by result and uniform code.
    static let verificationsLabel = "identitybridge_verifications_total"

    /// What each counter counts: the `# HELP` line of an exposition that shows them.
    package static let help: [String: String] = [
        issuedLabel: "Credentials issued (JWTs exchanged included), by app, provider kind and provider instance.",
        refusedLabel: "Credentials refused, by app, provider kind, provider instance and uniform error code.",
        verificationsLabel:
            "Credentials verified, by app, provider kind, provider instance, result (valid, invalid) and uniform error code.",
    ]

    let reference: ProviderReference
    /// The app the instance belongs to.
    let app: String
    let factory: any MetricsFactory
    let logger: Logger
    private let issued: Counter
    private let valid: Counter

    init(reference: ProviderReference, app: String, context: IssuerContext) {
        self.reference = reference
        self.app = app
        self.factory = context.metrics
        var logger = context.logger
        logger[metadataKey: "kind"] = "\(reference.kind.rawValue)"
        logger[metadataKey: "instance"] = "\(reference.name)"
        self.logger = logger
        let dimensions = [("app", app), ("kind", reference.kind.rawValue), ("provider", reference.name)]
        self.issued = Counter(label: Self.issuedLabel, dimensions: dimensions, factory: context.metrics)
        self.valid = Counter(
            label: Self.verificationsLabel, dimensions: dimensions + [("result", "valid"), ("code", "none")], factory: context.metrics)
    }

    private var dimensions: [(String, String)] { [("app", app), ("kind", reference.kind.rawValue), ("provider", reference.name)] }

    /// Runs `issue`, counting an issued or a refused credential.
    func issuing<T>(_ operation: String, _ issue: () throws(IdentityError) -> T) throws(IdentityError) -> T {
        do {
            let value = try issue()
            issued.increment()
            return value
        } catch {
            Counter(label: Self.refusedLabel, dimensions: dimensions + [("code", error.code.rawValue)], factory: factory).increment()
            logger.debug("credential refused", metadata: metadata(operation, error))
            throw error
        }
    }

    /// Runs `verify`, counting a valid or an invalid verification.
    func verifying<T>(_ verify: () throws(IdentityError) -> T) throws(IdentityError) -> T {
        do {
            let value = try verify()
            valid.increment()
            return value
        } catch {
            Counter(
                label: Self.verificationsLabel, dimensions: dimensions + [("result", "invalid"), ("code", error.code.rawValue)],
                factory: factory
            ).increment()
            logger.debug("credential not valid", metadata: metadata("verify", error))
            throw error
        }
    }

    /// Log metadata of a refusal: the uniform and vendor codes and the field, never a value.
    private func metadata(_ operation: String, _ error: IdentityError) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["operation": "\(operation)", "code": "\(error.code.rawValue)"]
        if let vendorCode = error.vendorCode { metadata["vendor_code"] = "\(vendorCode)" }
        if let field = error.field { metadata["field"] = "\(field)" }
        return metadata
    }
}

/// An issuer built from a configuration: the plugin's issuer, counted and logged.
struct MeteredIssuer: CredentialIssuer {
    let inner: any CredentialIssuer
    let metrics: IssuerMetrics

    init(_ inner: any CredentialIssuer, metrics: IssuerMetrics) {
        self.inner = inner
        self.metrics = metrics
    }

    var provider: ProviderReference { inner.provider }

    func issue(for user: UserIdentity) throws(IdentityError) -> Credential {
        try metrics.issuing("issue") { () throws(IdentityError) in try inner.issue(for: user) }
    }

    func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        try metrics.verifying { () throws(IdentityError) in try inner.verify(token, for: user) }
    }
}

/// A token exchanger built from a configuration: the plugin's exchanger, counted and logged.
/// `issue` and `verify` go through the same ``MeteredIssuer`` an issuer built from the configuration uses.
struct MeteredExchanger: TokenExchanging {
    let inner: any TokenExchanging
    let issuer: MeteredIssuer

    init(_ inner: any TokenExchanging, metrics: IssuerMetrics) {
        self.inner = inner
        self.issuer = MeteredIssuer(inner, metrics: metrics)
    }

    var metrics: IssuerMetrics { issuer.metrics }
    var provider: ProviderReference { inner.provider }
    var exchangeFormField: String { inner.exchangeFormField }

    func issue(for user: UserIdentity) throws(IdentityError) -> Credential { try issuer.issue(for: user) }

    func verify(_ token: String, for user: UserIdentity?) throws(IdentityError) -> VerifiedCredential {
        try issuer.verify(token, for: user)
    }

    func exchange(userToken: String) throws(IdentityError) -> String {
        try metrics.issuing("exchange") { () throws(IdentityError) in try inner.exchange(userToken: userToken) }
    }

    func exchange(user: UserIdentity) throws(IdentityError) -> String {
        try metrics.issuing("exchange") { () throws(IdentityError) in try inner.exchange(user: user) }
    }
}
