import IdentityBridge
import IdentityBridgeServer
import IdentityBridgeService
import Logging
import Testing

/// `identity-server`'s one typed configuration: the file's `server:` section, then the environment, then the flags;
/// each value's source recorded, each bad value refused naming it.
@Suite struct ServerSettingsTests {
    static func section(_ entries: [(String, String, Int)]) -> ServerSection {
        ServerSection(file: "c.yaml", entries: entries.map { .init(path: $0.0, text: $0.1, line: $0.2, column: 9) })
    }

    @Test func eachSettingHasOnePathFlagAndVariable() {
        #expect(ServerSetting.idleTimeout.path == "server.limits.idle_timeout")
        #expect(ServerSetting.idleTimeout.flag == "--idle-timeout")
        #expect(ServerSetting.idleTimeout.variable == "IDENTITY_SERVER_IDLE_TIMEOUT")
        #expect(ServerSetting.metricsPort.path == "server.metrics_port")
        #expect(Set(ServerSetting.allCases.map(\.path)).count == ServerSetting.allCases.count)
        #expect(ServerSettings.defaults.limits == TokenService.Limits.defaults)
    }

    @Test func aFlagBeatsTheEnvironmentWhichBeatsTheFile() {
        let file = Self.section([("server.port", "9000", 2), ("server.host", "0.0.0.0", 3), ("server.limits.idle_timeout", "90s", 5)])
        let (settings, problems) = ServerSettings.resolve(
            file: file, environment: ["IDENTITY_SERVER_PORT": "9100", "IDENTITY_SERVER_LOG_FORMAT": "json", "UNRELATED": "x"],
            flags: [.port: "9200", .drainTimeout: "2.5"])
        #expect(problems.isEmpty, "\(problems)")
        #expect(settings.port == 9200)
        #expect(settings.source(of: .port) == .flag("--port"))
        #expect(settings.host == "0.0.0.0")
        #expect(settings.source(of: .host) == .file("c.yaml", line: 3, column: 9))
        #expect(settings.logFormat == .json)
        #expect(settings.source(of: .logFormat) == .environment("IDENTITY_SERVER_LOG_FORMAT"))
        #expect(settings.limits.idleTimeout == .seconds(90))
        #expect(settings.limits.drainTimeout == .milliseconds(2_500))
        #expect(settings.limits.headTimeout == TokenService.Limits.defaults.headTimeout)
        #expect(settings.source(of: .headTimeout) == .defaultValue)
        #expect(settings.logLevel == .info)
    }

    @Test func durationsTakeAUnit() {
        for (text, seconds) in [("300", 300.0), ("2.5", 2.5), ("500ms", 0.5), ("90s", 90), ("5m", 300), ("1h", 3_600)] {
            #expect(ServerSettings.seconds(text) == seconds, "\(text)")
        }
        for text in ["", "-1", "nan", "inf", "1d", "5 m", "1e3", "0x10"] {
            #expect(ServerSettings.seconds(text) == nil, "\(text)")
        }
    }

    @Test func eachBadValueNamesItsSource() {
        let file = Self.section([
            ("server.port", "http", 2), ("server.limits.idle_timeout", "0", 4), ("server.limits.bogus", "1", 5),
            ("server.log_level", "loud", 6),
        ])
        let long = String(repeating: "x", count: 500)
        let (_, problems) = ServerSettings.resolve(
            file: file, environment: ["IDENTITY_SERVER_MAX_CONNECTIONS": "many", "IDENTITY_SERVER_HOST": "a b" + long], flags: [:])
        #expect(
            problems == [
                "c.yaml:2:9: error: server.port 'http' is not a port; use 0 through 65535.",
                "c.yaml:4:9: error: server.limits.idle_timeout 0.0 is not a duration; use more than 0 and at most 86400 seconds.",
                "c.yaml:5:9: error: unknown server setting 'server.limits.bogus' (known: "
                    + ServerSetting.allCases.map(\.path).joined(separator: ", ") + ").",
                "c.yaml:6:9: error: server.log_level 'loud' is not one of trace, debug, info, notice, warning, error, critical.",
                "IDENTITY_SERVER_HOST '\(("a b" + long).prefix(32))...' is not a host name or IP address.",
                "IDENTITY_SERVER_MAX_CONNECTIONS 'many' is not a whole number.",
            ])
    }

    @Test func settingsThatGoTogetherNameEachSource() {
        let file = Self.section([("server.limits.drain_idle_grace", "30s", 7), ("server.metrics_host", "0.0.0.0", 8)])
        let (_, problems) = ServerSettings.resolve(file: file, environment: ["IDENTITY_SERVER_MAX_CONNECTIONS": "0"], flags: [:])
        #expect(
            problems == [
                "IDENTITY_SERVER_MAX_CONNECTIONS 0 is out of range; use 1 through 1000000.",
                "server.metrics_host (c.yaml:8:9) needs a metrics port (--metrics-port, server.metrics_port or "
                    + "IDENTITY_SERVER_METRICS_PORT): the metrics listener's port.",
            ])
        let (_, grace) = ServerSettings.resolve(file: file, environment: ["IDENTITY_SERVER_METRICS_PORT": "9090"], flags: [.port: "9090"])
        #expect(
            grace == [
                "server.limits.drain_idle_grace (c.yaml:7:9) 30.0 is longer than --drain-timeout (default) 25.0; use at most the drain's deadline.",
                "IDENTITY_SERVER_METRICS_PORT 9090 is --port too; give the metrics listener a port of its own.",
            ])
    }
}
