import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

@Suite("ScenarioParser")
struct ScenarioParserTests {
    func diagnostics(_ yaml: String) -> [String] {
        do {
            _ = try ScenarioParser().parse(yaml: yaml, file: "s.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test("the issue's example format parses: every step kind, numbered from 1 in file order")
    func issueFormat() throws {
        let scenario = try ScenarioParser().parse(
            yaml: """
                name: anonymous conversation survives login
                app: demo
                provider: zendesk-messaging
                start: 2026-01-01T00:00:00Z
                steps:
                  - login: { user_id: u-1, email: ann@example.com, name: Ann }
                  - login: { credential: { jwt: "eyJ..." } }
                  - logout: {}
                  - reset_identity: {}
                  - advance: 10m
                  - set: { clear_anonymous_user_on_login: true }
                  - send_message: { text: hi }
                  - vendor_event: { name: HelpshiftEventNameConversationStart, data: { message: hi } }
                  - foreground: {}
                  - expect: { event: users_merged }
                  - expect: { error: token_expired }
                  - expect: { user: { same_as_step: 1 } }
                  - expect: { user: { different_from_step: 1 } }
                  - expect: { user: { anonymous: true } }
                  - expect: { user: { email: ann@example.com } }
                  - expect: { users: 2 }
                  - expect: { conversations: 1 }
                """, file: "s.yaml")
        #expect(scenario.name == "anonymous conversation survives login")
        #expect(scenario.app == "demo")
        #expect(scenario.providers == ["zendesk-messaging"])
        #expect(scenario.start == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(scenario.steps.map(\.number) == Array(1...17))
        #expect(
            scenario.steps.map(\.action.keyword) == [
                "login", "login", "logout", "reset_identity", "advance", "set", "send_message", "vendor_event", "foreground",
                "expect", "expect", "expect", "expect", "expect", "expect", "expect", "expect",
            ])
        #expect(scenario.steps[0].location == ScenarioLocation(line: 6, column: 5))
        guard case .advance(let seconds) = scenario.steps[4].action else {
            Issue.record("advance")
            return
        }
        #expect(seconds == 600)
        guard case .loginCredential(let fields) = scenario.steps[1].action else {
            Issue.record("credential")
            return
        }
        #expect(fields == ["jwt": "eyJ..."])
        guard case .set(let options) = scenario.steps[5].action else {
            Issue.record("set")
            return
        }
        #expect(options.map(\.key) == ["clear_anonymous_user_on_login"])
        #expect(options.map(\.value) == [.bool(true)])
    }

    @Test("a provider list, durations and a default name from the file")
    func listsAndDefaults() throws {
        let scenario = try ScenarioParser().parse(
            yaml: "app: demo\nprovider: [helpshift, zendesk-chat]\nsteps:\n  - advance: 90s\n  - advance: 1h\n",
            file: "dir/my-scenario.yaml")
        #expect(scenario.name == "my-scenario")
        #expect(scenario.providers == ["helpshift", "zendesk-chat"])
        let seconds = scenario.steps.compactMap { step -> Int64? in if case .advance(let s) = step.action { return s } else { return nil } }
        #expect(seconds == [90, 3600])
    }

    @Test(
        "invalid scenarios: every problem as FILE:LINE:COLUMN: error:",
        arguments: [
            ("steps:\n  - logout: {}\n", "s.yaml:1:1: error: the scenario has no 'app:'"),
            ("app: demo\n", "s.yaml:1:1: error: the scenario has no 'steps:' list."),
            ("app: demo\nsteps: []\n", "s.yaml:2:8: error: 'steps' must be a non-empty list of steps."),
            ("app: demo\nstesp: []\nsteps:\n  - logout: {}\n", "s.yaml:2:1: error: unknown key 'stesp' in the scenario"),
            ("app: demo\nsteps:\n  - logn: {}\n", "s.yaml:3:5: error: unknown step 'logn' at step 1"),
            ("app: demo\nsteps:\n  - logout: {}\n    login: {}\n", "s.yaml:3:5: error: step 1 must be a mapping with exactly one of"),
            ("app: demo\nsteps:\n  - advance: soon\n", "s.yaml:3:14: error: 'advance' must be a positive duration"),
            ("app: demo\nsteps:\n  - logout: now\n", "s.yaml:3:13: error: 'logout' takes no arguments"),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1, credential: { jwt: x } }\n",
                "s.yaml:3:28: error: 'login' takes either 'credential' or a neutral identity"
            ),
            ("app: demo\nsteps:\n  - login: { userid: u-1 }\n", "s.yaml:3:14: error: unknown key 'userid' in 'login'"),
            ("app: demo\nsteps:\n  - login: { user_id: u-1, forge: everything }\n", "s.yaml:3:35: error: 'forge' must be 'signature'"),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { event: user_merged }\n",
                "s.yaml:4:22: error: unknown event 'user_merged'"
            ),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { error: token_expird }\n",
                "s.yaml:4:22: error: unknown error code 'token_expird'"
            ),
            (
                "app: demo\nsteps:\n  - expect: { event: login_succeeded }\n",
                "s.yaml:3:15: error: step 1 expects something of the previous step, but no step before it does anything."
            ),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { user: { same_as_step: 2 } }\n",
                "s.yaml:4:37: error: step 2 refers to step 2; it must name an earlier step"
            ),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { users: 1 }\n  - expect: { user: { different_from_step: 2 } }\n",
                "s.yaml:5:44: error: step 3 refers to step 2, an 'expect' step"
            ),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { users: -1 }\n",
                "s.yaml:4:22: error: 'users' must be a whole number, 0 or more."
            ),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { data: { a: 1 } }\n",
                "s.yaml:4:15: error: 'data' belongs to an 'event' expectation"
            ),
            (
                "app: demo\nsteps:\n  - login: { user_id: u-1 }\n  - expect: { user: { anonymous: maybe } }\n",
                "s.yaml:4:34: error: 'anonymous' must be true or false."
            ),
            ("app: demo\nstart: yesterday\nsteps:\n  - logout: {}\n", "s.yaml:2:8: error: 'start' must be an ISO 8601 UTC time"),
            ("app: demo\nsteps:\n  - vendor_event: { data: {} }\n", "s.yaml:3:19: error: 'vendor_event' needs 'name'"),
            ("app: demo\nsteps:\n  - set: {}\n", "s.yaml:3:10: error: 'set' takes a non-empty mapping"),
            ("app: [demo\n", "s.yaml:2:1: error: invalid YAML"),
            ("- just\n- a list\n", "s.yaml:1:1: error: a scenario is a mapping with 'app:' and 'steps:'."),
        ])
    func invalid(yaml: String, expected: String) {
        let found = diagnostics(yaml)
        #expect(found.contains { $0.hasPrefix(expected) }, "got: \(found)")
    }

    @Test("several problems are all reported, sorted by position")
    func everyProblem() {
        let found = diagnostics("app: demo\nsteps:\n  - logn: {}\n  - advance: soon\n  - expect: { users: x }\n")
        #expect(found.count == 3)
        #expect(found.map { $0.split(separator: ":")[1] } == ["3", "4", "5"])
    }
}
