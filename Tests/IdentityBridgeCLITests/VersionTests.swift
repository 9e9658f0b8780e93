import Foundation
import IdentityBridge
import IdentityBridgeCLI
import Testing

@Suite("identityctl --version")
struct VersionTests {
    @Test("--version prints the one version constant on stdout and exits 0")
    func version() async {
        let run = await identityctl(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == [IdentityBridgeVersion.current])
        #expect(run.stderr.isEmpty)
    }

    @Test("the version is a semantic version listed in CHANGELOG.md")
    func changelog() throws {
        let parts = IdentityBridgeVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## [\(IdentityBridgeVersion.current)]"))
    }
}
