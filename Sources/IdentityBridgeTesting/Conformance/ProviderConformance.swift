import IdentityBridge

/// One conformance suite for any `IdentityProvider`, built-in or third-party: run it against
/// the provider's simulator to prove the provider honours the protocol's contract.
///
/// Each ``ConformanceCheck`` runs on a fresh subject made by the factory you supply (provider,
/// simulator, manual clock), so checks never see each other's state. Hooks you supply say how to
/// make a bad or expired credential for your vendor, or declare a check not applicable with a
/// reason. Every event and error text produced along the way is scanned for your secrets.
///
/// ```swift
/// @Test func acmeConforms() async throws {
///     let conformance = ProviderConformance(
///         secrets: ["acme-dev-secret"],
///         subject: { try ConformanceSubject.simulated(configuration: config, app: "demo", provider: "acme",
///                                                     simulators: [AcmeSimulatorFactory()]) })
///     try await conformance.runTest()        // throws ConformanceFailure listing every finding
/// }
/// ```
/// Or inspect the structured report: `let report = await conformance.run()`.
///
/// The contract, check by check, is documented on ``ConformanceCheck``; in short:
/// - `login(user)` returns a session for that user and emits `login_succeeded` exactly once
///   (a `logged_out` for a replaced user comes before it); `currentUser()` then reports the user.
/// - logging in another user leaves nothing of the previous one (a different vendor user, no
///   previous email, no visible conversations); logging the same user in again reaches the same
///   vendor user.
/// - `logout()` emits `logged_out`; `resetIdentity()` emits `identity_reset`; without the
///   capability (`.logout`, `.reset`, `.conversations`) the operation throws `unsupported_operation`.
/// - a forged credential fails with `token_invalid`, an expired one with `token_expired`, a user
///   with no identifier with `missing_identifier`; a failed login emits no `login_succeeded`, and
///   any `login_failed` / `authentication_failed` event carries the thrown code.
/// - every failure path follows its row of ``FailureTaxonomy`` (a failing credential source, an empty or
///   malformed credential, a refusal, an expired credential, a user switch that fails halfway, a failed logout):
///   the same events and code on every kind.
/// - every event names the provider and carries the injected clock's time; every error a
///   provider operation throws names the provider; no secret appears in any of them.
public struct ProviderConformance: Sendable {
    /// Makes a fresh subject for one check.
    public typealias SubjectFactory = @Sendable () async throws -> ConformanceSubject

    /// Makes a fresh provider, simulator and clock for each check.
    package var makeSubject: SubjectFactory
    /// The users the checks log in.
    public var users: ConformanceUsers
    /// The secrets that must never appear in any text (raw; base64 forms are scanned too), in
    /// addition to each subject's ``ConformanceSubject/secrets``. Set it to a closure to read them
    /// late, e.g. `conformance.secrets = { [ProcessInfo.processInfo.environment["ACME_SECRET"] ?? ""] }`.
    public var secrets: @Sendable () -> [String]
    /// Where the bad credential comes from.
    public var badCredential: BadCredentialSource
    /// Where the expired credential comes from.
    public var expiredCredential: ExpiredCredentialSource
    /// Checks declared not applicable, with the reason (reported, never silently passed).
    public var notApplicable: [ConformanceCheck: String]
    /// How to make the next logout fail (``ConformanceCheck/failedLogout``): a closure that arranges it on the
    /// subject (its simulator or port), or `nil` when the kind's SDK logout reports no failure.
    public var failingLogout: (@Sendable (ConformanceSubject) async throws -> Void)?

    /// Creates the suite.
    /// - Parameters:
    ///   - users: the two users to log in (valid for the vendor, distinct ids and emails).
    ///   - secrets: every secret of the configuration under test; none may leak.
    ///   - badCredential: how to get a credential that must fail with `token_invalid`.
    ///   - expiredCredential: how to get a credential that must fail with `token_expired`.
    ///   - notApplicable: checks to skip, each with the reason shown in the report.
    ///   - subject: makes a fresh provider + simulator + clock; called once per check.
    public init(
        users: ConformanceUsers = .standard,
        secrets: [String] = [],
        badCredential: BadCredentialSource = .forged,
        expiredCredential: ExpiredCredentialSource = .afterExpiry(),
        notApplicable: [ConformanceCheck: String] = [:],
        subject: @escaping SubjectFactory
    ) {
        self.makeSubject = subject
        self.users = users
        self.secrets = { secrets }
        self.badCredential = badCredential
        self.expiredCredential = expiredCredential
        self.notApplicable = notApplicable
    }

    /// Runs every check and returns the report (never throws; problems are findings).
    public func run() async -> ConformanceReport {
        await run(ConformanceCheck.allCases)
    }

    /// Runs `checks` (``ConformanceCheck/noSecretLeaks`` scans the texts of the others run).
    public func run(_ checks: [ConformanceCheck]) async -> ConformanceReport {
        var results: [ConformanceResult] = []
        var reference: ProviderReference?
        var texts: [ScannedText] = []
        var discovered: [String] = []
        for check in ConformanceCheck.allCases where checks.contains(check) && check != .noSecretLeaks {
            if let reason = notApplicable[check] {
                results.append(ConformanceResult(check: check, outcome: .notApplicable(reason: reason), findings: []))
                continue
            }
            let subject: ConformanceSubject
            do {
                subject = try await makeSubject()
            } catch {
                results.append(
                    ConformanceResult(
                        check: check, outcome: .failed,
                        findings: [ConformanceFinding(check: check, provider: reference, message: "the subject factory threw: \(error)")]))
                continue
            }
            reference = subject.provider.reference
            for secret in subject.secrets where !discovered.contains(secret.revealed) { discovered.append(secret.revealed) }
            let probe = ConformanceProbe(check: check, subject: subject)
            let outcome = await perform(check, probe: probe)
            texts += probe.texts
            let findings = probe.findings
            let final: ConformanceOutcome = findings.isEmpty ? outcome : .failed
            results.append(ConformanceResult(check: check, outcome: final, findings: findings))
        }
        if checks.contains(.noSecretLeaks) {
            results.append(scanForSecrets(texts, secrets: discovered, provider: reference))
        }
        return ConformanceReport(provider: reference, results: results)
    }

    /// Runs every check; throws ``ConformanceFailure`` (its description lists every finding)
    /// when the provider breaks the contract. Inside a Swift Testing `@Test`, the thrown error
    /// fails the test with the report.
    public func runTest() async throws(ConformanceFailure) {
        let report = await run()
        if !report.isConforming { throw ConformanceFailure(report: report) }
    }

    private func perform(_ check: ConformanceCheck, probe: ConformanceProbe) async -> ConformanceOutcome {
        switch check {
        case .login: return await checkLogin(probe)
        case .credentialLogin: return await checkCredentialLogin(probe)
        case .reloginAsAnotherUser: return await checkRelogin(probe)
        case .sameUserRecognised: return await checkSameUser(probe)
        case .logout: return await checkLogout(probe)
        case .reset: return await checkReset(probe)
        case .unsupportedOperations: return await checkUnsupported(probe)
        case .badCredential: return await checkBadCredential(probe)
        case .expiredCredential: return await checkExpiredCredential(probe)
        case .missingIdentifier: return await checkMissingIdentifier(probe)
        case .credentialSourceFailure: return await checkCredentialSourceFailure(probe)
        case .malformedCredential: return await checkMalformedCredential(probe)
        case .userSwitchFailure: return await checkUserSwitchFailure(probe)
        case .failedLogout: return await checkFailedLogout(probe)
        case .noSecretLeaks: return .passed
        }
    }

    private func scanForSecrets(_ texts: [ScannedText], secrets discovered: [String], provider: ProviderReference?) -> ConformanceResult {
        if let reason = notApplicable[.noSecretLeaks] {
            return ConformanceResult(check: .noSecretLeaks, outcome: .notApplicable(reason: reason), findings: [])
        }
        var secrets = secrets().filter { !$0.isEmpty }
        for secret in discovered where !secrets.contains(secret) { secrets.append(secret) }
        guard !secrets.isEmpty else {
            return ConformanceResult(
                check: .noSecretLeaks,
                outcome: .notApplicable(reason: "no secrets were given to ProviderConformance(secrets:) and the subject holds none"),
                findings: [])
        }
        var findings: [ConformanceFinding] = []
        var reported: Set<String> = []
        for (index, secret) in secrets.enumerated() {
            let forms = [secret, Base64URL.encode(Array(secret.utf8)), Base64URL.encodeStandard(Array(secret.utf8), padded: true)]
            for text in texts {
                guard let form = forms.first(where: { text.text.contains($0) }) else { continue }
                let key = "\(index)|\(text.context)"
                guard reported.insert(key).inserted else { continue }
                let how = form == secret ? "" : " (base64-encoded)"
                findings.append(
                    ConformanceFinding(
                        check: .noSecretLeaks, provider: provider,
                        message: "secret #\(index + 1)\(how) appears in \(text.context)"))
            }
        }
        return ConformanceResult(check: .noSecretLeaks, outcome: findings.isEmpty ? .passed : .failed, findings: findings)
    }
}
