import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing

@Suite("ScenarioRunner on a third-party kind (acme)")
struct ScenarioRunnerTests {
    func run(_ yaml: String, flaws: AcmeFlaws = [], providers: [String]? = nil) async throws -> ScenarioResult {
        let scenario = try ScenarioParser().parse(yaml: yaml, file: "acme-test.yaml")
        return try await AcmeFixture.runner(flaws).run(scenario, providers: providers)
    }

    @Test("client_login: the app's credential client logs a third-party kind in, with no per-kind code")
    func clientLogin() async throws {
        let result = try await run(
            """
            name: acme through the credential client
            app: test
            provider: acme
            start: 2026-01-01T00:00:00Z
            steps:
              - client_login: { user_id: u-1, email: ann@example.com, name: Ann }
              - expect: { no_error: true, event: login_succeeded, user: { external_id: u-1, authenticated: true } }
              - logout: {}
              - client_login: { name: Nobody }
              - expect: { error: missing_identifier, no_event: login_succeeded }
            """)
        #expect(result.failures.isEmpty, "\(result.lines.joined(separator: "\n"))")
        #expect(result.passed == 5)
    }

    @Test("client_login takes user_id, email and name only: another key is a diagnostic at its line")
    func clientLoginParsesOnlyIdentityKeys() throws {
        let error = #expect(throws: ScenarioError.self) {
            try ScenarioParser().parse(
                yaml: "app: test\nsteps:\n  - client_login: { user_id: u-1, forge: signature }\n  - expect: { no_error: true }\n",
                file: "bad.yaml")
        }
        #expect(error?.description.contains("bad.yaml:3:") == true, "\(String(describing: error))")
    }

    @Test("every step kind runs; events, errors and expectations become numbered JSON lines")
    func fullScenario() async throws {
        let result = try await run(
            """
            name: acme walkthrough
            app: test
            provider: acme
            start: 2026-01-01T00:00:00Z
            steps:
              - send_message: { text: hi }
              - expect: { events: [conversation_started, message_added] }
              - expect: { user: { anonymous: true } }
              - login: { user_id: u-1, email: ann@example.com, name: Ann }
              - expect: { event: login_succeeded, data: { user: { external_id: u-1, anonymous: false } } }
              - expect: { user: { email: ANN@example.com, external_id: u-1, authenticated: true } }
              - expect: { users: 2 }
              - expect: { conversations: 0 }
              - advance: 11m
              - foreground: {}
              - expect: { event: session_expired }
              - login: { user_id: u-1, issued_ago: 11m }
              - expect: { error: { code: token_expired, vendor_code: AcmeExpired } }
              - expect: { no_event: login_succeeded, event: authentication_failed }
              - login: { user_id: u-2, forge: signature }
              - expect: { error: token_invalid }
              - login: { credential: { acme_payload: "@@@", acme_signature: "00" } }
              - expect: { error: token_invalid }
              - login: { user_id: u-2 }
              - expect: { user: { different_from_step: 4 } }
              - logout: {}
              - expect: { events: [logged_out], user: { none: true } }
              - login: { user_id: u-1 }
              - expect: { user: { same_as_step: 4 } }
              - reset_identity: {}
              - expect: { event: identity_reset, user: { anonymous: true, different_from_step: 23 } }
              - vendor_event: { name: AcmeAgentReply, data: { body: hello } }
              - expect: { event: agent_message_received, data: { body: hello } }
              - set: { clear_anonymous_user_on_login: true }
              - expect: { error: unsupported_operation }
              - login: { name: Nobody }
              - expect: { error: missing_identifier, no_event: login_succeeded }
            """)
        #expect(result.failures.isEmpty, "\(result.lines.joined(separator: "\n"))")
        #expect(result.failed == 0)
        #expect(result.passed == 22)
        #expect(result.exitCode == 0)
        #expect(result.lines.last == #"{"type":"summary","passed":22,"failed":0}"#)
        #expect(
            result.lines.contains(
                #"{"step":1,"type":"event","name":"conversation_started","provider":"acme","data":{"body":"hi","type":"text"}}"#))
        #expect(
            result.lines.contains {
                $0.hasPrefix(#"{"step":12,"type":"error","code":"token_expired","vendor_code":"AcmeExpired","provider":"acme""#)
            })
        #expect(result.lines.contains { $0.hasPrefix(#"{"step":2,"type":"expect","ok":true,"detail":"#) })
    }

    @Test("a failed expectation is ok:false with a detail, and exit status 1")
    func failedExpectation() async throws {
        let result = try await run(
            """
            app: test
            steps:
              - login: { user_id: u-1 }
              - expect: { event: users_merged }
              - expect: { error: token_expired }
              - expect: { users: 5 }
              - expect: { user: { anonymous: true } }
            """)
        #expect(result.failed == 4)
        #expect(result.passed == 0)
        #expect(result.exitCode == 1)
        let details = result.failures.compactMap { record -> String? in
            if case .expect(_, _, let detail, _) = record { return detail } else { return nil }
        }
        #expect(details.contains("step 1 (login) did not emit users_merged; it emitted login_succeeded"))
        #expect(details.contains("step 1 (login) succeeded; expected token_expired"))
        #expect(details.contains("the simulated vendor holds 1 user(s); expected 5"))
        #expect(details.contains { $0.hasSuffix("not anonymous") })
    }

    @Test("a scenario catches an adapter bug: a logout the vendor never hears of")
    func catchesAdapterBug() async throws {
        let yaml = """
            app: test
            steps:
              - login: { user_id: u-1 }
              - send_message: { text: hi }
              - logout: {}
              - expect: { conversations: 0 }
              - expect: { user: { none: true } }
            """
        #expect(try await run(yaml).exitCode == 0)
        let flawed = try await run(yaml, flaws: .logoutStaysLocal)
        #expect(flawed.failed == 2)
    }

    @Test("an unknown provider, from the file or --provider, is a diagnostic at the provider line")
    func unknownProvider() async throws {
        let scenario = try ScenarioParser().parse(yaml: "app: test\nprovider: [acme, nope]\nsteps:\n  - logout: {}\n", file: "s.yaml")
        let runner = try AcmeFixture.runner()
        await #expect(throws: ScenarioError.self) { try await runner.run(scenario) }
        do {
            _ = try await runner.run(scenario)
        } catch {
            #expect(
                error.description == "s.yaml:2:11: error: provider 'nope' is not a provider of app 'test' in acme.yaml (providers: acme).")
        }
        #expect(try await runner.run(scenario, providers: ["acme"]).exitCode == 0)
        let wrongApp = try ScenarioParser().parse(yaml: "app: other\nsteps:\n  - logout: {}\n", file: "s.yaml")
        do {
            _ = try await runner.run(wrongApp)
            Issue.record("an unknown app must be refused")
        } catch {
            #expect(error.description.hasPrefix("s.yaml:1:6: error: app 'other' is not in acme.yaml"))
        }
    }

    @Test("a list of providers runs the scenario on each, with one summary")
    func providerList() async throws {
        let yaml = """
            apps:
              test:
                providers:
                  - kind: acme
                    secret: ${ACME_SECRET:-one-secret}
                  - kind: acme
                    name: acme-two
                    secret: ${ACME_SECRET_TWO:-two-secret}
            """
        let configuration = try TestConfiguration.loader(AcmeFixture.registry()).load(
            yaml: yaml, file: "two.yaml")
        let runner = ScenarioRunner(configuration: configuration, simulators: [AcmeSimulatorFactory()])
        let scenario = try ScenarioParser().parse(
            yaml: "app: test\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { event: login_succeeded }\n", file: "s.yaml")
        var streamed: [String] = []
        let result = try await runner.run(scenario) { streamed.append($0.line) }
        #expect(result.passed == 2)
        #expect(streamed == result.lines)
        #expect(result.lines.filter { $0.contains(#""type":"summary""#) }.count == 1)
        #expect(result.lines.contains { $0.contains(#""provider":"acme-two""#) })
    }

    @Test("a provider that cannot be built fails every expectation and reports step 0")
    func unbuildableProvider() async throws {
        let configuration = try AcmeFixture.configuration()
        let runner = ScenarioRunner(configuration: configuration, simulators: [])
        let scenario = try ScenarioParser().parse(
            yaml: "app: test\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { no_error: true }\n", file: "s.yaml")
        let result = try await runner.run(scenario)
        #expect(result.failed == 1)
        #expect(result.lines.first?.hasPrefix(#"{"step":0,"type":"error","code":"configuration_invalid""#) == true)
    }

    @Test("ScenarioFileRunner: exit 0, 1 and 2 with FILE:LINE:COLUMN diagnostics")
    func fileRunnerExitCodes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenario-runner-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("acme.yaml").path
        try AcmeFixture.yaml.write(toFile: config, atomically: true, encoding: .utf8)
        func write(_ name: String, _ text: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let good = try write("good.yaml", "app: test\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { event: login_succeeded }\n")
        let bad = try write("bad.yaml", "app: test\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { event: logged_out }\n")
        let invalid = try write("invalid.yaml", "app: test\nsteps:\n  - logn: {}\n")
        func run(_ path: String, providers: [String] = []) async -> (Int32, [String], [String]) {
            var out: [String] = []
            var err: [String] = []
            let status = await ScenarioFileRunner.run(
                scenario: path, config: config, providers: providers, environment: ConfigEnvironment(variables: [:]),
                registry: AcmeFixture.registry(), simulators: [AcmeSimulatorFactory()], output: { out.append($0) },
                diagnostics: { err.append($0) })
            return (status, out, err)
        }
        let (okStatus, okLines, _) = await run(good)
        #expect(okStatus == 0)
        #expect(okLines.last == #"{"type":"summary","passed":1,"failed":0}"#)
        #expect(await run(bad).0 == 1)
        let (invalidStatus, invalidLines, diagnostics) = await run(invalid)
        #expect(invalidStatus == 2)
        #expect(invalidLines.isEmpty)
        #expect(diagnostics.first?.hasPrefix("\(invalid):3:5: error: unknown step 'logn'") == true)
        #expect(await run(good, providers: ["nope"]).0 == 2)
        #expect(await run(good, providers: ["acme"]).0 == 0)
    }
}
