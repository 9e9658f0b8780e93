import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

/// The configuration's `server:` section: read as written with each value's position, its shape checked at its
/// line (what each setting means is `identity-server`'s, `ServerSettingsTests`), and read alone before the apps.
@Suite struct ServerSectionTests {
    static let apps = "apps:\n  demo:\n    providers:\n      - kind: echo\n        secret: ${ECHO_SECRET}\n"
    static let registry = ProviderRegistry([SettingsEchoPlugin()])
    static let variables = ["ECHO_SECRET": "echo-secret-value-0123456789abcdef"]

    @Test func theSectionIsReadAsWrittenWithEachPosition() throws {
        let yaml = Self.apps + "server:\n  port: 9000\n  limits:\n    idle_timeout: 30s\n  host: ${HOST}\n"
        let configuration = try TestConfiguration.load(yaml: yaml, registry: Self.registry, variables: Self.variables)
        let server = try #require(configuration.server)
        #expect(server.file == "test.yaml")
        #expect(
            server.entries == [
                ServerSection.Entry(path: "server.port", text: "9000", line: 7, column: 9),
                ServerSection.Entry(path: "server.limits.idle_timeout", text: "30s", line: 9, column: 19),
                // Not expanded: the environment overrides a setting by its own variable.
                ServerSection.Entry(path: "server.host", text: "${HOST}", line: 10, column: 9),
            ])
        #expect(server.entry("server.port")?.text == "9000")
        let none = try TestConfiguration.load(yaml: Self.apps, registry: Self.registry, variables: Self.variables)
        #expect(none.server == nil)
    }

    @Test func aBadShapeIsRefusedAtItsLine() {
        let cases: [(String, String)] = [
            ("server: 8080\n", "test.yaml:6:9: error: 'server' must be a mapping of settings, not a scalar."),
            ("server:\n  ports: [1, 2]\n", "test.yaml:7:10: error: 'server.ports' must be a single value, not a list."),
            (
                "server:\n  port: 1\n  port: 2\n",
                "test.yaml:8:3: error: duplicate key 'port' (first set at line 7, column 3); each key may appear once in a mapping."
            ),
            (
                "server:\n  a:\n    b:\n      c:\n        d:\n          e: 1\n",
                "test.yaml:11:11: error: 'server.a.b.c.d' nests deeper than 4 mappings under 'server'."
            ),
        ]
        for (section, expected) in cases {
            let yaml = Self.apps + section
            let problems = TestConfiguration.descriptions { () throws(ConfigurationError) in
                try TestConfiguration.load(yaml: yaml, registry: Self.registry, variables: Self.variables)
            }
            #expect(problems == [expected], "\(section)")
        }
    }

    @Test func theSectionIsReadAloneBeforeTheApps() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("server-section-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.yaml").path
        // The apps are not evaluated: an unset secret is not a problem of this read.
        try "apps:\n  demo:\n    providers:\n      - kind: nope\nserver:\n  port: 9000\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let section = try #require(try TestConfiguration.loader(Self.registry).serverSection(path: path))
        #expect(section.entries.map(\.path) == ["server.port"])
        #expect(section.file == path)
        try "apps: {}\nserver:\n  - port\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) { try TestConfiguration.loader(Self.registry).serverSection(path: path) }
    }

    @Test func aChangeIsNamedByPath() {
        let before = ServerSection(
            file: "a.yaml",
            entries: [.init(path: "server.port", text: "1", line: 1, column: 1), .init(path: "server.host", text: "h", line: 2, column: 1)])
        let after = ServerSection(
            file: "a.yaml",
            entries: [
                .init(path: "server.port", text: "2", line: 5, column: 1),
                .init(path: "server.log_level", text: "info", line: 6, column: 1),
            ])
        #expect(after.changedPaths(since: before) == ["server.host", "server.log_level", "server.port"])
        // Positions do not count.
        let moved = ServerSection(
            file: "a.yaml",
            entries: before.entries.map { entry in
                var entry = entry
                entry.line += 3
                return entry
            })
        #expect(moved.changedPaths(since: before).isEmpty)
        #expect(before.changedPaths(since: nil) == ["server.host", "server.port"])
    }
}
