import IdentityBridge
import IntercomKind
import Testing

@Suite struct IntercomSettingsTests {
    func load(_ providers: String) -> Result<IdentityConfiguration, ConfigurationError> {
        let yaml = "apps:\n  demo:\n    providers:\n" + providers
        let environment = ConfigEnvironment(variables: ["WEB": "web-secret-0123456789abcdef0123456789abcdef", "SHORT": "short"])
        return Result { () throws(ConfigurationError) in
            try ConfigurationLoader(registry: Fixtures.registry, environment: environment).load(yaml: yaml, file: "identity.yaml")
        }
    }

    func diagnostics(_ providers: String) -> [String] {
        guard case .failure(let error) = load(providers) else { return [] }
        return error.diagnostics.map(\.description)
    }

    @Test func theFixtureLoadsWithEveryDefaultDocumented() throws {
        let configuration = try Fixtures.configuration()
        let hash = try #require(configuration.instance(app: "demo", provider: "intercom").settings as? IntercomSettings)
        #expect(hash.mode == .userHash)
        #expect(hash.platform == .web)
        #expect(Set(hash.secrets.keys) == [.web, .ios, .android])
        #expect(hash.jwtLifetime == IntercomLimits.defaultJWTLifetime)
        let jwt = try #require(configuration.instance(app: "demo", provider: "intercom-jwt").settings as? IntercomSettings)
        #expect(jwt.mode == .jwt && jwt.platform == .ios && jwt.jwtLifetime == 600 && jwt.clockSkew == 60)
    }

    @Test func everyProblemIsReportedAtItsLineAndColumn() {
        let found = diagnostics(
            """
                  - kind: intercom
                    mode: hmac
                    secrets: { web: literal-secret }
                  - kind: intercom
                    mode: jwt
                    platform: android
                    secrets: { web: "${SHORT}" }
                    jwt_lifetime: 2d
                  - kind: intercom
                    secrets: { web: "${WEB}" }
                    clock_skew: 10s
                    colour: blue

            """)
        #expect(found.contains { $0.hasPrefix("identity.yaml:5:15: error:") && $0.contains("'mode'") && $0.contains("user_hash, jwt") })
        #expect(found.contains { $0.hasPrefix("identity.yaml:6:25: error:") && $0.contains("literal secret") })
        #expect(found.contains { $0.hasPrefix("identity.yaml:10:25: error:") && $0.contains("at least 32 bytes") })
        #expect(found.contains { $0.hasPrefix("identity.yaml:11:23: error:") && $0.contains("2d") })
        #expect(found.contains { $0.hasPrefix("identity.yaml:14:21: error:") && $0.contains("no effect while 'mode' is user_hash") })
        #expect(found.contains { $0.hasPrefix("identity.yaml:15:9: error:") && $0.contains("colour") })
        // And the two instances without a distinct name, at their kind.
        #expect(found.filter { $0.contains("already has a provider named 'intercom'") }.count == 2)
        #expect(found.count == 8, "\(found)")
    }

    @Test func theIssuingPlatformNeedsItsSecret() {
        let found = diagnostics("      - kind: intercom\n        platform: ios\n        secrets: { web: \"${WEB}\" }\n")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix("identity.yaml:6:18: error:") == true && found.first?.contains("no 'ios' secret") == true, "\(found)")
    }
}
