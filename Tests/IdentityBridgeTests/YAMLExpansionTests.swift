#if os(Linux)
import Testing

@testable import IdentityBridge

/// `YAMLExpansion` (the package's pure-Swift bound) against `LibyamlExpansion` (libyaml's event
/// stream, through the test target's system library): the same counts wherever libyaml parses a text, never
/// less where it stops at the limit, and no crash on anything.
@Suite("YAML expansion count against libyaml's events")
struct YAMLExpansionTests {
    static let limit = YAMLNormalizer.maxNodes

    /// Both counts of `text`, as "source/expanded" (or "nil").
    static func counts(_ text: String, limit: Int = limit) -> (exact: String, portable: String) {
        let exact = LibyamlExpansion.count(text, limit: limit).map { "\($0.sourceNodes)/\($0.expandedNodes)" } ?? "nil"
        let portable = YAMLExpansion.count(text, limit: limit).map { "\($0.sourceNodes)/\($0.expandedNodes)" } ?? "nil"
        return (exact, portable)
    }

    /// Whether the portable count refuses whatever the exact one refuses: it is at least as large
    /// wherever libyaml parses the text, or both passed `limit`.
    static func sound(_ text: String, limit: Int = limit) -> Bool {
        guard let exact = LibyamlExpansion.count(text, limit: limit) else { return true }
        guard let portable = YAMLExpansion.count(text, limit: limit) else { return false }
        return portable.expandedNodes >= exact.expandedNodes || (exact.expandedNodes > limit && portable.expandedNodes > limit)
    }

    /// Ordinary configuration layouts and every construct the scanner must recognize.
    static let corpus: [String] = [
        "", "# only a comment\n", "---\n", "--- \n...\n", "a\n", "key:\n", "key:\nother: 1\n", "- \n-\n- x\n",
        "- - x\n  - y\n- - - z\n",
        "a: x*y\nb: a&b\nurl: http://h/*\nc: x #comment & *\n",
        "defaults: &defaults\n  kind: echo\n  mode: multi\nweb:\n  <<: *defaults\n  name: w\napi:\n  <<: *defaults\n",
        "base: &b {a: 1, b: [1, 2, 3]}\nuse: [*b, *b, {<<: *b, c: 3}]\n",
        "s: &s scalar\nt: *s\nlist: [*s, *s]\n",
        "q1: 'it''s & * # fine'\nq2: \"esc \\\" & * # \\n\"\nq3: 'multi\n  line & *x'\nq4: \"multi\n  line\"\n",
        "lit: |\n  &a not an anchor\n  *b not an alias\n  # not a comment\n  - not an item\nfold: >-\n  folded *x\n\n  more\nafter: *x\n",
        "ind: |2\n    indented\n   three\nx: 1\n",
        "? complex key\n: value\n? [a, b]\n: {c: d}\n? only key\n",
        "seq:\n- a\n- b\nmap:\n  k: v\n",
        "!!map\n&m a: !!str b\nc: !x d\n",
        "%YAML 1.1\n%TAG !e! tag:example.com,2000:\n---\n!e!thing x\n...\n--- second\n...\n",
        "\u{FEFF}a: 1\n", "a: 1\r\nb:\r\n  - x\r\n  - y\r\n", "a:\tb\nc: d\t# tab before comment\n",
        "[a, b]: c\n{x: y}: z\n", "flow: [a: b, c: d, {e: f}, [g]]\n", "{a, b, c: }\n", "[a, b, ]\n", "&a [*a]\n",
        "a: &x 1\nb: &x [1, 2, 3]\nc: *x\nd: &x q\ne: *x\n",
        "*unknown\n", "a: &anchor\nb: *anchor\n", "- &e\n- *e\n", "a: !!str\nb: !x &y\nc: *y\n", "  a: 1\n  b: 2\n",
        "a:\n  - b\n  -\n    c: d\n", "- a: 1\n  b: 2\n- c: 3\n", "- ? a\n  : b\n", "'quoted key': 1\n\"dq key\": 2\n", "[\n  a,\n  b\n]\n",
        "{\n  a: 1,\n  b: [x,\n    y]\n}\n", "a: [1, 2]\nb: {c: [3, {d: 4}]}\n",
        "x-echo: &echo\n  kind: echo\n  secret: ${ECHO_SECRET}\n  mode: multi\napps:\n  web:\n    providers:\n      - *echo\n"
            + "      - <<: *echo\n        name: echo-single\n        mode: single\n",
        "a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n",
        "--- &doc\na: 1\n--- *doc\n", "- [a, [b, [c, [d]]]]\n", "text: \"a\\\n  b\"\n", "a: 'x'\n#c\nb: \"y\" # c\n",
        "[a:b]", "{a:b}", "{\"a\":b}", "[\"a\":b]", "[? a, b]", "[!!str, b]", "!<tag:x> a",
    ]

    @Test("the corpus counts exactly as libyaml's events do", arguments: corpus)
    func corpusIsExact(_ text: String) {
        let (exact, portable) = Self.counts(text)
        #expect(exact != "nil")
        #expect(portable == exact)
    }

    /// Texts libyaml refuses, truncated or hostile: no crash, nothing libyaml refuses for size missed.
    static let malformed: [String] = [
        "[a, b", "{a: 1", "'unterminated", "\"unterminated", "a: b: c", "- a\nb: c", "]", "}", "a:\n\t- b\n", "&", "*", "!<>",
        "key: [a,\n", "\"\\q\"", "%FOO\n", "a: |0\n x\n", ": x", "? \n? \n", "[a: b: c]", "{[}", "- [a, {b: [c, {d: }",
        "[x:, y]", "a: b\n...\nc: d", "...\n", "key: value with: colon\n", "plain\n  continued\n  lines: no\n", "a\u{1}b: c", "\u{7F}",
        "a: 1\n\u{0}", "x: \"\\uD800\"",
        String(repeating: "[", count: 500), String(repeating: "- ", count: 500) + "x", String(repeating: "{a: ", count: 500),
    ]

    @Test("malformed and hostile texts neither crash nor escape the bound", arguments: malformed)
    func malformedIsSound(_ text: String) {
        #expect(Self.sound(text))
    }

    @Test("nesting a thousand times deeper than any configuration stays linear and bounded")
    func deepNesting() {
        for text in [String(repeating: "[", count: 300_000), String(repeating: "- ", count: 150_001) + "x"] {
            let counted = YAMLExpansion.count(text, limit: Self.limit)
            #expect((counted?.expandedNodes ?? 0) > Self.limit)
        }
    }

    /// Alias bombs of every shape: nested sequences, mapping keys, merge keys, redefined anchors,
    /// block and flow mixed, one line; and many nodes without an alias.
    static func bombs() -> [String] {
        var list: [String] = []
        var yaml = "x-0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...9 { yaml += "x-\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n" }
        list.append(yaml + "apps:\n  web:\n    providers: *l9\n")
        list.append(yaml + "x-keys:\n  ? *l9\n  : 1\n  ? *l8\n  : 2\napps: {}\n")
        yaml = "a0: &a0\n" + String(repeating: "  - x\n", count: 10)
        for level in 1...8 { yaml += "a\(level): &a\(level)\n" + String(repeating: "  - *a\(level - 1)\n", count: 10) }
        list.append(yaml)
        yaml = "k0: &k0 {a: 1, b: 2, c: 3, d: 4}\n"
        for level in 1...12 { yaml += "k\(level): &k\(level) {? *k\(level - 1) : 1, ? [*k\(level - 1)] : 2, ? [[*k\(level - 1)]] : 3}\n" }
        list.append(yaml)
        yaml = "k0: &k0 {a: 1, b: 2}\n"
        for level in 1...20 { yaml += "? &k\(level)\n  *k\(level - 1) : x\n  [*k\(level - 1)]: y\n: z\n" }
        list.append(yaml)
        yaml = "m0: &m0 {a: 1, b: 2, c: 3}\n"
        for level in 1...12 {
            let previous = "*m\(level - 1)"
            yaml += "m\(level): &m\(level)\n  <<: [\(previous), \(previous)]\n  x\(level): [\(previous), \(previous), \(previous)]\n"
        }
        list.append(yaml)
        yaml = "- &a [x, x, x, x, x, x, x, x, x, x]\n"
        for _ in 1...8 { yaml += "- &a [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n" }
        list.append(yaml)
        yaml = "base: &b0\n  - [1, 2, 3]\n  - {a: b}\n"
        for level in 1...10 {
            let previous = "*b\(level - 1)"
            yaml += "l\(level): &b\(level)\n  - [\(previous), \(previous)]\n  - {x: \(previous), y: [\(previous)]}\n"
        }
        list.append(yaml)
        let line = (1...6).map { level in "&n\(level) [\(Array(repeating: "*n\(level - 1)", count: 8).joined(separator: ", "))]" }
        list.append("[&n0 [x, x, x, x, x, x, x, x], \(line.joined(separator: ", "))]")
        return list
    }

    @Test("every alias bomb passes the limit on both counters, with the same count")
    func bombsAreOver() {
        for bomb in Self.bombs() {
            let exact = LibyamlExpansion.count(bomb, limit: Self.limit)
            let portable = YAMLExpansion.count(bomb, limit: Self.limit)
            #expect((exact?.expandedNodes ?? 0) > Self.limit)
            #expect((portable?.expandedNodes ?? 0) > Self.limit)
            #expect(portable?.expandedNodes == exact?.expandedNodes && portable?.sourceNodes == exact?.sourceNodes)
        }
    }

    @Test("many nodes without an alias pass the limit on both counters at the same node")
    func manyNodesAreOver() {
        for text in [String(repeating: "- x\n", count: 1_001), "[" + String(repeating: "x, ", count: 1_001) + "]"] {
            let (exact, portable) = Self.counts(text, limit: 1_000)
            #expect(exact == "1001/1001")
            #expect(portable == exact)
        }
    }

    @Test("seeded random documents, edited or not, count exactly as libyaml's events do")
    func randomDifferential() {
        var generator = Generator(seed: 0x5EED_2026)
        var parsed = 0
        for iteration in 0..<1_500 {
            var text = generator.document()
            for _ in 0..<iteration % 3 { text = generator.edit(text) }
            // A small limit in every third text exercises stopping part-way.
            let limit = iteration % 3 == 0 ? 40 : Self.limit
            let (exact, portable) = Self.counts(text, limit: limit)
            #expect(Self.sound(text, limit: limit), "\(text.debugDescription)")
            if exact != "nil" {
                parsed += 1
                #expect(portable == exact, "\(text.debugDescription)")
            }
        }
        #expect(parsed > 700)
    }

    @Test("random characters never crash either counter")
    func garbage() {
        var random = Generator.SplitMix(state: 0xBAD_C0DE)
        let alphabet = Array(" \n\t-?:,[]{}#&*!|>'\"%@`\\abc01.\r<\u{FEFF}é\u{85}\u{2028}".unicodeScalars)
        for _ in 0..<1_500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...50, using: &random) {
                text.append(
                    Int.random(in: 0..<40, using: &random) == 0
                        ? Unicode.Scalar(UInt8.random(in: 0...255, using: &random))
                        : alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
            }
            #expect(Self.sound(String(text)), "\(String(text).debugDescription)")
        }
    }

    /// Random YAML from a small grammar: block and flow collections, anchors (redefined too),
    /// aliases (as keys too, and unknown ones), merge keys, explicit keys, quoted scalars with
    /// indicator characters, block scalars, tags, comments, document markers, CRLF.
    struct Generator {
        /// SplitMix64: a fixed seed gives the same texts everywhere.
        struct SplitMix: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }

        var random: SplitMix
        var anchors: [String] = []

        init(seed: UInt64) { random = SplitMix(state: seed) }

        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

        mutating func anchor() -> String {
            if !anchors.isEmpty && chance(25) { return "&" + pick(anchors) }
            anchors.append("a\(anchors.count)")
            return "&" + anchors[anchors.count - 1]
        }

        mutating func alias() -> String { anchors.isEmpty || chance(5) ? "*nope" : "*" + pick(anchors) }

        mutating func scalar(flow: Bool) -> String {
            let common = [
                "x", "hello world", "x*y", "a&b", "http://h/*", "'single # & *'", "\"double \\\" # & * \\n\"", "'it''s'", "42", "~",
                "a#b", "x:y", "'multi\n  line'", "\"multi\n  line\"", "!!str tagged", "!x y", "''",
            ]
            return pick(flow ? common : common + ["-dash", "?q", ":c"])
        }

        mutating func flowNode(depth: Int) -> String {
            if depth > 3 || chance(40) {
                if chance(20) { return alias() }
                return (chance(15) ? anchor() + " " : "") + scalar(flow: true)
            }
            let isMapping = chance(50)
            var items: [String] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let item = isMapping && chance(15) ? alias() + " " : flowNode(depth: depth + 1)
                items.append(isMapping || chance(15) ? "\(item): \(chance(10) ? "" : flowNode(depth: depth + 1))" : item)
            }
            let body = items.joined(separator: chance(20) ? ",\n  " : ", ") + (chance(10) && !items.isEmpty ? "," : "")
            return (chance(20) ? anchor() + " " : "") + (isMapping ? "{\(body)}" : "[\(body)]")
        }

        /// A block node at `indent`: an inline part (after `key:` or `- `) and the lines below.
        mutating func blockNode(indent: Int, depth: Int) -> (inline: String?, lines: [String]) {
            let pad = String(repeating: " ", count: indent)
            let shape = Int.random(in: 0..<12, using: &random)
            if depth > 3 || shape < 4 {
                if chance(15) { return (alias(), []) }
                let text = scalar(flow: false).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + pad + "  ")
                return (chance(8) ? "" : (chance(15) ? anchor() + " " : "") + text, [])
            }
            if shape == 4 { return (flowNode(depth: depth), []) }
            if shape == 5 {
                let content = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    pad + "  " + pick(["text & *x", "# not a comment", "- item", "key: value", "", "  deeper"])
                }
                return (pick(["|", ">", "|-", ">+", "|2", ">-"]) + (chance(20) ? " # c" : ""), content)
            }
            var lines: [String] = []
            if shape % 2 == 0 {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let entry = blockNode(indent: indent + 2, depth: depth + 1)
                    let lead = chance(20) ? "- - " : "- "
                    lines.append(pad + (entry.inline.map { lead + $0 } ?? String(lead.dropLast())))
                    lines += entry.lines
                    if chance(10) { lines.append(pad + "# comment & *") }
                }
            } else {
                for index in 0..<Int.random(in: 1...3, using: &random) {
                    if chance(10) && !anchors.isEmpty {
                        lines.append(pad + "<<: " + (chance(50) ? alias() : "[\(alias()), \(alias())]"))
                        continue
                    }
                    if chance(8) {
                        lines.append(pad + "? " + scalar(flow: false).split(separator: "\n").joined(separator: " "))
                        if chance(70) { lines.append(pad + ": v") }
                        continue
                    }
                    let key = chance(8) ? alias() + " " : chance(10) ? anchor() + " k\(index)" : "k\(index)"
                    let value = blockNode(indent: indent + 2, depth: depth + 1)
                    lines.append(pad + key + ":" + (value.inline.map { " " + $0 + (chance(10) ? " # c" : "") } ?? ""))
                    lines += value.lines
                }
            }
            return (chance(25) ? anchor() : chance(5) ? "!!map" : nil, lines)
        }

        mutating func document() -> String {
            anchors = []
            var text = chance(10) ? "%YAML 1.1\n---\n" : chance(15) ? "--- # start\n" : ""
            let root = blockNode(indent: 0, depth: 0)
            text += (root.inline.map { $0 + "\n" } ?? "") + root.lines.joined(separator: "\n") + "\n"
            if chance(10) { text += "...\n" }
            if chance(10) { text += "---\n" + (blockNode(indent: 0, depth: 2).inline ?? "x") + "\n" }
            return chance(5) ? text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") : text
        }

        /// `text` with a few characters inserted, removed or replaced by YAML's significant ones.
        mutating func edit(_ text: String) -> String {
            var characters = Array(text.unicodeScalars)
            let alphabet = Array(" \n\t-?:,[]{}#&*!|>'\"%@\\a1.\r<x\u{FEFF}".unicodeScalars)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0...characters.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: characters.insert(pick(alphabet), at: position)
                case 1 where position < characters.count: characters.remove(at: position)
                case 2 where position < characters.count: characters[position] = pick(alphabet)
                default: break
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: characters)
            return String(view)
        }
    }
}
#endif
