import IdentityBridgeTestSupport
import Testing
import Yams

@testable import IdentityBridge

/// The alias bound: `YAMLKeyScan` finds an alias inside a mapping key before Yams composes (composing
/// hashes keys whole), held to Yams' own composition as the reference, and every hostile text is
/// refused (or composed) in bounded time on every platform.
@Suite("YAML alias bound")
struct YAMLKeyScanTests {
    /// "line:column" of the first alias inside a key, or "-".
    static func found(_ text: String) -> String {
        YAMLKeyScan(text).aliasInKey.map { "\($0.line):\($0.column)" } ?? "-"
    }

    @Test(
        "an alias inside a key is found where it is, in block, flow and explicit keys",
        arguments: [
            ("*a : x\n", "1:1"), ("b: 1\n? *a\n: 1\n", "2:3"), ("{*a: 1}", "1:2"), ("{x: 1, *a}", "1:8"), ("[*a: 1]", "1:2"),
            ("[? *a]", "1:4"), ("[*a]: x\n", "1:2"), ("- [x, {y: *a}]: z\n", "1:11"), ("? a: *x\n: v\n", "1:6"),
            ("? [\n*a]\n: v\n", "2:1"), ("!t [*a]: x\n", "1:5"), ("&k [*a]: y\n", "1:5"), ("---\n*a : b\n", "2:1"),
            ("a: 1\n---\n? *x\n", "3:3"), ("{ a: 1,\n  *b : 2 }", "2:3"), ("- key: |\n  *a : b\n", "2:3"),
            ("{[x, *y]: 1}", "1:6"), ("k: {? [*z] : 1}\n", "1:8"), ("- - *a : x\n", "1:5"), ("? - *s\n  - x\n: v\n", "1:5"),
        ])
    func inKey(text: String, position: String) {
        #expect(Self.found(text) == position, "\(text.debugDescription)")
    }

    @Test(
        "aliases as values, and alias-like text in scalars and comments, are not keys",
        arguments: [
            "a: *x\n", "- *x\n", "<<: *base\n", "<<: [*a, *b]\nk: v\n", "k: [*a, *b]\n", "k: {x: *a}\n", "- [*a]\n", "*root\n",
            "a: x*y\nb: a&b\nurl: http://h/*\nc: x #comment & *\n", "q: '*a : x'\nr: \"*b : y\"\n", "lit: |\n  *a : x\nnext: *b\n",
            "- |\n *a : b\n", "- key: |\n   *a : b\n  other: *c\n", "fold: >-\n  *a : x\n\n  more\n", "? |\n  *a\n: v\n",
            "a: 1 # *b : c\n", "#*a : b\n", "--- *a\n", "\"k\": *a\n", "'*k': v\n", "{a: *b, c: [*d]}\n", "[a, *b, {c: *d}]\n",
            "text: \"a\\\n  *b : c\"\n", "a:\n  - b\n  -\n    c: *d\n",
            "x-echo: &echo\n  kind: echo\napps:\n  web:\n    providers:\n      - *echo\n",
        ])
    func notInKey(text: String) {
        #expect(Self.found(text) == "-", "\(text.debugDescription)")
    }

    /// Alias bombs of every shape: nested sequences, mapping keys, merge keys, redefined anchors, block
    /// and flow mixed, one line; each refused, in bounded time.
    static func bombs() -> [(text: String, inKey: Bool)] {
        var list: [(String, Bool)] = []
        var yaml = "x-0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...9 { yaml += "x-\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n" }
        list.append((yaml + "apps:\n  web:\n    providers: *l9\n", false))
        list.append((yaml + "x-keys:\n  ? *l9\n  : 1\n  ? *l8\n  : 2\napps: {}\n", true))
        yaml = "a0: &a0\n" + String(repeating: "  - x\n", count: 10)
        for level in 1...8 { yaml += "a\(level): &a\(level)\n" + String(repeating: "  - *a\(level - 1)\n", count: 10) }
        list.append((yaml, false))
        yaml = "k0: &k0 {a: 1, b: 2, c: 3, d: 4}\n"
        for level in 1...12 { yaml += "k\(level): &k\(level) {? *k\(level - 1) : 1, ? [*k\(level - 1)] : 2, ? [[*k\(level - 1)]] : 3}\n" }
        list.append((yaml, true))
        yaml = "k0: &k0 {a: 1, b: 2}\n"
        for level in 1...20 { yaml += "? &k\(level)\n  *k\(level - 1) : x\n  [*k\(level - 1)]: y\n: z\n" }
        list.append((yaml, true))
        yaml = "m0: &m0 {a: 1, b: 2, c: 3}\n"
        for level in 1...12 {
            let previous = "*m\(level - 1)"
            yaml += "m\(level): &m\(level)\n  <<: [\(previous), \(previous)]\n  x\(level): [\(previous), \(previous), \(previous)]\n"
        }
        list.append((yaml, false))
        yaml = "- &a [x, x, x, x, x, x, x, x, x, x]\n"
        for _ in 1...8 { yaml += "- &a [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n" }
        list.append((yaml, false))
        let line = (1...6).map { level in "&n\(level) [\(Array(repeating: "*n\(level - 1)", count: 8).joined(separator: ", "))]" }
        list.append(("[&n0 [x, x, x, x, x, x, x, x], \(line.joined(separator: ", "))]", false))
        list.append(
            ("a: &a [" + String(repeating: "x, ", count: 99) + "x]\nb: [" + String(repeating: "*a, ", count: 2_000) + "*a]\n", false))
        return list
    }

    /// The message `BoundedYAML.compose` refuses `text` with, and the CPU time it took.
    static func refusal(_ text: String) -> (message: String?, time: Duration) {
        let start = ThreadCPUClock.now
        var message: String?
        do { _ = try BoundedYAML.compose(text, file: "c.yaml", what: "configuration") } catch { message = error.diagnostics.first?.message }
        return (message, ThreadCPUClock.now - start)
    }

    @Test("every alias bomb is refused in bounded time: inside a key before composing, elsewhere by the node budget")
    func bombsAreRefused() {
        for bomb in Self.bombs() {
            let (message, time) = Self.refusal(bomb.text)
            #expect(time < .seconds(2))
            #expect(
                message?.hasPrefix(bomb.inKey ? "an alias inside a mapping key" : "configuration expands to more than 100000") == true,
                "\(message ?? "composed")")
        }
    }

    @Test(
        "hostile and malformed texts neither crash nor take long",
        arguments: [
            "[a, b", "{a: 1", "'unterminated", "\"unterminated", "a: b: c", "- a\nb: c", "]", "}", "a:\n\t- b\n", "&", "*", "!<>",
            "key: [a,\n", "\"\\q\"", "%FOO\n", "a: |0\n x\n", ": x", "? \n? \n", "[a: b: c]", "{[}", "- [a, {b: [c, {d: }", "[x:, y]",
            "a: b\n...\nc: d", "...\n", "key: value with: colon\n", "plain\n  continued\n  lines: no\n", "a\u{1}b: c", "\u{7F}",
            "a: 1\n\u{0}",
            "x: \"\\uD800\"", String(repeating: "[", count: 300_000), String(repeating: "- ", count: 150_001) + "x",
            String(repeating: "{a: ", count: 40_000), String(repeating: "- x\n", count: 200_000), String(repeating: "-\n", count: 400_000),
            "[" + String(repeating: "x, ", count: 300_000) + "]",
        ])
    func hostile(text: String) {
        #expect(Self.refusal(text).time < .seconds(2))
    }

    @Test("many nodes without an alias are refused before composing, and say no alias is involved")
    func manyNodes() {
        for text in [String(repeating: "- x\n", count: 100_001), "[" + String(repeating: "x, ", count: 100_001) + "]"] {
            #expect(
                Self.refusal(text).message
                    == "configuration has more than 100000 YAML nodes (the limit, no alias involved); split it into smaller files.")
            #expect(YAMLKeyScan(text).nodes > 100_000)
        }
    }

    /// Whether `node` holds the scalar every alias of the generated texts points to.
    static func holdsMarker(_ node: Node) -> Bool {
        switch node {
        case .scalar(let scalar): scalar.string == "alias-target"
        case .sequence(let sequence): sequence.contains(where: holdsMarker)
        case .mapping(let mapping): mapping.contains { holdsMarker($0.key) || holdsMarker($0.value) }
        case .alias: false
        }
    }

    /// Whether some mapping key in `node` holds the marker: an alias inside a key, as Yams composed it.
    static func markerInKey(_ node: Node) -> Bool {
        switch node {
        case .scalar, .alias: false
        case .sequence(let sequence): sequence.contains(where: markerInKey)
        case .mapping(let mapping): mapping.contains { holdsMarker($0.key) || markerInKey($0.value) }
        }
    }

    @Test("on seeded random documents, edited or not, the scan finds an alias in a key exactly when Yams composes one")
    func againstYams() throws {
        var generator = YAMLDocumentGenerator(seed: 0x5EED_2026)
        var composed = 0
        var withKeyAlias = 0
        for iteration in 0..<2_000 {
            var text = generator.document()
            for _ in 0..<iteration % 3 { text = generator.edit(text) }
            let scan = YAMLKeyScan(text)
            guard let root = try? Yams.compose(yaml: text) else { continue }
            composed += 1
            let expected = Self.markerInKey(root)
            if expected { withKeyAlias += 1 }
            #expect((scan.aliasInKey != nil) == expected, "\(text.debugDescription)")
        }
        #expect(composed > 800)
        #expect(withKeyAlias > 100)
    }
}
