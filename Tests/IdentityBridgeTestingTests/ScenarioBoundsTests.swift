import Foundation
import IdentityBridge
import IdentityBridgeTesting
import Testing

/// Issue 15 B1: a scenario is read by the configuration's bounded YAML loader, with the same cap on
/// alias expansion (a 412-byte scenario with 7 nested alias levels used to take 28 s and 687 MB).
@Suite("Scenario parser bounds")
struct ScenarioBoundsTests {
    /// A scenario whose `data` expands 10^levels times through nested aliases.
    static func aliasBomb(levels: Int) -> String {
        var yaml = "x: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...levels {
            yaml += "y\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        return yaml + "app: demo\nsteps:\n  - vendor_event: { name: E, data: { v: *l\(levels) } }\n"
    }

    @Test("an alias bomb in a scenario is refused at once with the configuration's cap", arguments: [7, 10])
    func aliasBomb(levels: Int) {
        let start = ContinuousClock.now
        do {
            _ = try ScenarioParser().parse(yaml: Self.aliasBomb(levels: levels), file: "bomb.yaml")
            Issue.record("an alias bomb parsed")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "bomb.yaml:1:1: error: scenario expands to more than 100000 YAML nodes through aliases (the limit); simplify its anchors."
                ])
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test("merge keys and duplicate keys are handled as in configurations; values are quoted by a prefix")
    func sharedLoader() throws {
        let long = String(repeating: "z", count: 900)
        do {
            _ = try ScenarioParser().parse(yaml: "app: demo\napp: other\nsteps: []\n", file: "d.yaml")
            Issue.record("a duplicate key parsed")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "d.yaml:2:1: error: duplicate key 'app' (first set at line 1, column 1); each key may appear once in a mapping."
                ])
        }
        do {
            _ = try ScenarioParser().parse(yaml: "app: demo\nsteps:\n  - \(long): {}\n", file: "u.yaml")
            Issue.record("an unknown step parsed")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.allSatisfy { !$0.message.contains(long) && $0.message.count < 400 })
        }
    }
}
