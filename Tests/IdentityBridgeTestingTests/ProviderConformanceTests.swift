import Foundation
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

@Suite("ProviderConformance on a third-party kind (acme)")
struct ProviderConformanceTests {
    @Test("a correct third-party provider passes every check")
    func acmeConforms() async throws {
        let report = try await AcmeFixture.conformance().run()
        #expect(report.findings.isEmpty, "\(report)")
        // acme's logout reports no failure, so without a failingLogout hook that one row is not applicable.
        #expect(report.passed == ConformanceCheck.allCases.filter { $0 != .failedLogout }, "\(report)")
        #expect(
            report.result(of: .failedLogout)?.outcome
                == .notApplicable(reason: "no failingLogout hook: the kind's SDK logout reports no failure"))
        try await AcmeFixture.conformance().runTest()
    }

    /// "no secret in any event or error text": the kit is given the secrets and scans every text.
    @Test("a secret in an error message is a no_secret_leaks finding")
    func leakedSecretIsFound() async throws {
        let report = try await AcmeFixture.conformance(.leaksSecret).run()
        let leaks = report.findings.filter { $0.check == .noSecretLeaks }
        #expect(!leaks.isEmpty, "\(report)")
        #expect(leaks.contains { $0.message.contains("the error thrown by") }, "\(report)")
        #expect(report.result(of: .noSecretLeaks)?.outcome == .failed)
        #expect(!report.findings.contains { $0.message.contains(AcmeFixture.secret) }, "findings must not repeat the secret")
    }

    /// "expired credentials (token_expired; advance a ManualClock past expiry)".
    @Test("an expired credential reported as token_invalid is an expired_credential finding")
    func misreportedExpiryIsFound() async throws {
        let report = try await AcmeFixture.conformance(.misreportsExpiry).run()
        let findings = report.findings.filter { $0.check == .expiredCredential }
        #expect(
            findings.map(\.message).contains { $0.contains("failed with token_invalid") && $0.contains("expected token_expired") },
            "\(report)")
        #expect(report.findings.allSatisfy { $0.check == .expiredCredential }, "\(report)")
    }

    @Test("secrets are discovered in the instance settings when none are given")
    func discoveredSecrets() async throws {
        let configuration = try AcmeFixture.configuration(.leaksSecret)
        let subject = try ConformanceSubject.simulated(
            configuration: configuration, app: "test", provider: "acme",
            simulators: [AcmeSimulatorFactory()])
        #expect(subject.secrets.map(\.revealed) == [AcmeFixture.secret])
        let conformance = ProviderConformance { subject }
        let report = await conformance.run([.missingIdentifier, .noSecretLeaks])
        #expect(report.result(of: .noSecretLeaks)?.outcome == .failed, "\(report)")
        let none = ProviderConformance {
            ConformanceSubject(provider: subject.provider, simulator: subject.simulator, clock: subject.clock)
        }
        #expect(await none.run([.login, .noSecretLeaks]).notApplicable.map(\.check) == [.noSecretLeaks])
    }

    @Test("SecretDiscovery walks nested settings, optionals and arrays")
    func secretDiscovery() {
        struct Key {
            var id: String
            var secret: Secret
        }
        struct Settings {
            var keys: [Key]
            var optional: Secret?
            var name: String
            var empty: Secret
        }
        let settings = Settings(
            keys: [Key(id: "a", secret: Secret("one")), Key(id: "b", secret: Secret("two"))], optional: Secret("three"), name: "n",
            empty: Secret(""))
        #expect(SecretDiscovery.secrets(in: settings).map(\.revealed) == ["one", "two", "three"])
    }

    @Test("events stamped with the wall clock instead of the injected clock are findings")
    func wallClockIsFound() async throws {
        let report = try await AcmeFixture.conformance(.wallClockEvents).run()
        #expect(report.findings.contains { $0.check == .login && $0.message.contains("not the injected clock's") }, "\(report)")
    }

    @Test("an unknown option accepted silently is an unsupported_operations finding")
    func silentOptionIsFound() async throws {
        let report = try await AcmeFixture.conformance(.ignoresUnknownOptions).run()
        #expect(report.findings.map(\.check) == [.unsupportedOperations], "\(report)")
        #expect(report.findings.first?.message.contains("must be refused, not ignored") == true)
    }

    /// The failure table: a kind that emits one event fewer on a refusal (no `login_failed`) fails the kit with
    /// the row it broke, in the checks that refuse a credential.
    @Test("a refusal without login_failed breaks the failure table's rows, each named")
    func missingLoginFailedIsFound() async throws {
        let report = try await AcmeFixture.conformance(.refusalWithoutLoginFailed).run()
        for (check, row) in [(ConformanceCheck.badCredential, "vendor_refusal"), (.userSwitchFailure, "user_switch_fails_halfway")] {
            #expect(
                report.findings.contains { $0.check == check && $0.message.contains("broke the failure table's row \(row)") },
                "\(check): \(report)")
        }
        #expect(!report.isConforming)
        let correct = try await AcmeFixture.conformance().run()
        #expect(correct.isConforming, "\(correct)")
    }

    @Test("the failure table in UniformErrorsAndEvents is FailureTaxonomy, row by row")
    func failureTableMatchesTheArticle() throws {
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../Sources/IdentityBridge/IdentityBridge.docc/UniformErrorsAndEvents.md"
            ).standardized, encoding: .utf8)
        for row in FailureTaxonomy.allCases {
            let line = article.split(separator: "\n").first { $0.hasPrefix("| `\(row.rawValue)`:") }
            let events = row.events.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            #expect(line?.contains("| \(events) |") == true, "row \(row): \(line.map(String.init) ?? "missing") should list \(events)")
            if let code = row.code { #expect(line?.contains("`\(code.rawValue)`") == true, "row \(row) should name \(code)") }
        }
    }

    /// "logout -> logged_out".
    @Test("a logout without logged_out is a logout finding")
    func silentLogoutIsFound() async throws {
        let report = try await AcmeFixture.conformance(.silentLogout).run()
        #expect(report.findings.contains { $0.check == .logout && $0.message.contains("logged_out 0 time(s)") }, "\(report)")
    }

    /// "previous user's state gone": a logout the vendor never hears of leaves the user behind.
    @Test("a logout that leaves the vendor user and conversations behind is a finding")
    func localLogoutIsFound() async throws {
        let report = try await AcmeFixture.conformance(.logoutStaysLocal).run()
        let messages = report.findings.filter { $0.check == .logout }.map(\.message)
        #expect(messages.contains { $0.contains("still reports") }, "\(report)")
        #expect(messages.contains { $0.contains("conversation(s) of the logged-out user are still visible") }, "\(report)")
    }

    @Test("runTest throws a ConformanceFailure that lists the findings")
    func runTestThrows() async throws {
        let conformance = try AcmeFixture.conformance(.misreportsExpiry)
        await #expect(throws: ConformanceFailure.self) { try await conformance.runTest() }
        do {
            try await conformance.runTest()
        } catch {
            #expect(error.description.contains("expired_credential"))
            #expect(error.report.findings.count >= 1)
        }
    }

    @Test("checks declared not applicable are reported with their reason, not passed")
    func notApplicableIsReported() async throws {
        var conformance = try AcmeFixture.conformance()
        conformance.notApplicable = [.reset: "acme test: reset is out of scope"]
        conformance.expiredCredential = .notApplicable("acme test: no expiry")
        let report = await conformance.run()
        #expect(report.result(of: .reset)?.outcome == .notApplicable(reason: "acme test: reset is out of scope"))
        #expect(report.result(of: .expiredCredential)?.outcome == .notApplicable(reason: "acme test: no expiry"))
        #expect(!report.passed.contains(.reset))
        #expect(report.description.contains("N/A  reset"))
    }

    @Test("a bad-credential hook that yields a valid credential is caught (the login succeeds)")
    func customBadCredentialHook() async throws {
        var conformance = try AcmeFixture.conformance()
        conformance.badCredential = .custom { user, subject in try subject.provider.credential(for: user) }
        let report = await conformance.run([.badCredential])
        #expect(Set(report.findings.map(\.check)) == [.badCredential], "\(report)")
        let messages = report.findings.map(\.message)
        #expect(messages.contains { $0.contains("succeeded; expected it to fail with token_invalid") }, "\(report)")
        #expect(messages.contains { $0.contains("broke the failure table's row vendor_refusal: emitted [login_succeeded]") }, "\(report)")
        #expect(messages.contains { $0.contains("the current user is authenticated") }, "\(report)")
    }

    @Test("the report as JSON names every check with its outcome and findings")
    func reportJSON() async throws {
        let report = try await AcmeFixture.conformance(.silentLogout).run()
        let json = report.json
        #expect(json["provider"] == "acme")
        #expect(json["conforming"] == false)
        let checks = try #require(json["checks"]?.arrayValue)
        #expect(checks.compactMap { $0["check"]?.stringValue } == ConformanceCheck.allCases.map(\.rawValue))
        let logout = try #require(checks.first { $0["check"] == "logout" })
        #expect(logout["outcome"] == "failed")
        #expect(logout["findings"]?.arrayValue?.isEmpty == false)
    }

    @Test("a subject factory that throws is a finding for every check it was needed by")
    func failingFactory() async {
        struct Broken: Error {}
        let conformance = ProviderConformance(secrets: ["s3cret-value"]) { throw Broken() }
        let report = await conformance.run([.login, .logout])
        #expect(report.findings.count == 2)
        #expect(report.findings.allSatisfy { $0.message.contains("the subject factory threw") })
    }
}

@Suite("CredentialForgery")
struct CredentialForgeryTests {
    @Test("a JWT keeps header and payload and gets another signature")
    func forgesJWT() throws {
        let token = HS256Signer(secret: Secret("forgery-test-secret")).sign { $0.add("sub", "u-1") }
        let forged = try #require(CredentialForgery.wrongSignature(.jwt(token)))
        let forgedToken = try #require(forged.jwt)
        #expect(forgedToken != token)
        #expect(forgedToken.split(separator: ".").prefix(2) == token.split(separator: ".").prefix(2))
        let decoded = try DecodedJWT.decode(forgedToken)
        #expect(!decoded.verifySignature(with: HS256Signer(secret: Secret("forgery-test-secret"))))
    }

    @Test(
        "hex and base64 HMAC digests are replaced in the same encoding",
        arguments: [
            HMACDigest.hex(HMACDigest.sha256(Array("u-1".utf8), secret: Secret("k"))),
            Base64URL.encodeStandard(HMACDigest.sha256(Array("u-1".utf8), secret: Secret("k")), padded: true),
            Base64URL.encodeStandard(HMACDigest.sha256(Array("u-1".utf8), secret: Secret("k")), padded: false),
            Base64URL.encode(HMACDigest.sha256(Array("u-1".utf8), secret: Secret("k"))),
        ])
    func forgesDigests(digest: String) throws {
        let forged = try #require(CredentialForgery.forge(digest))
        #expect(forged != digest)
        #expect(forged.count == digest.count)
        #expect(forged.hasSuffix("=") == digest.hasSuffix("="))
    }

    @Test("fields that carry no signature are left alone; nothing to forge gives nil")
    func leavesOtherFields() throws {
        let digest = HMACDigest.hex(HMACDigest.sha256(Array("u-1".utf8), secret: Secret("k")))
        let credential = Credential(fields: ["userId": "u-1", "userEmail": "ann@example.com", "userAuthToken": .string(digest)])
        let forged = try #require(CredentialForgery.wrongSignature(credential))
        #expect(forged["userId"] == "u-1")
        #expect(forged["userEmail"] == "ann@example.com")
        #expect(forged["userAuthToken"] != digest)
        #expect(CredentialForgery.wrongSignature(Credential(fields: ["userId": "u-1"])) == nil)
    }
}
