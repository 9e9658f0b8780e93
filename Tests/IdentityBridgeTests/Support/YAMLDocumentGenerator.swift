import Foundation

/// Random YAML from a small grammar, for the alias bound's tests: block and flow collections, anchors,
/// aliases (as keys too), merge keys, explicit keys, quoted scalars with indicator characters, block
/// scalars, tags, comments, CRLF. Every alias is `*t`, defined first as the scalar `alias-target`, so a
/// composed document shows where each alias went.
struct YAMLDocumentGenerator {
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
    var anchors = 0

    init(seed: UInt64) { random = SplitMix(state: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func anchor() -> String {
        anchors += 1
        return "&a\(anchors) "
    }

    mutating func scalar(flow: Bool) -> String {
        let common = [
            "x", "hello world", "x*y", "a&b", "http://h/*", "'single # & *'", "\"double \\\" # & * \\n\"", "'it''s'", "42", "~",
            "a#b", "'multi\n  line'", "\"multi\n  line *t : x\"", "!!str tagged", "!x y", "''", "'*t : v'",
        ]
        return pick(flow ? common : common + ["-dash", "?q", ":c", "x:y", "a *t"])
    }

    mutating func flowNode(depth: Int) -> String {
        if depth > 3 || chance(40) {
            if chance(20) { return "*t" }
            return (chance(15) ? anchor() : "") + scalar(flow: true)
        }
        let isMapping = chance(50)
        var items: [String] = []
        for _ in 0..<count(0...3) {
            let item = chance(10) ? "? " + flowNode(depth: depth + 1) : isMapping && chance(15) ? "*t " : flowNode(depth: depth + 1)
            items.append(isMapping || chance(15) ? "\(item): \(chance(10) ? "" : flowNode(depth: depth + 1))" : item)
        }
        let body = items.joined(separator: chance(20) ? ",\n  " : ", ") + (chance(10) && !items.isEmpty ? "," : "")
        return (chance(20) ? anchor() : "") + (isMapping ? "{\(body)}" : "[\(body)]")
    }

    /// A block node at `indent`: an inline part (after `key:` or `- `) and the lines below.
    mutating func blockNode(indent: Int, depth: Int) -> (inline: String?, lines: [String]) {
        let pad = String(repeating: " ", count: indent)
        let shape = count(0...11)
        if depth > 3 || shape < 4 {
            if chance(15) { return ("*t", []) }
            let text = scalar(flow: false).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + pad + "  ")
            return (chance(8) ? "" : (chance(15) ? anchor() : "") + text, [])
        }
        if shape == 4 { return (flowNode(depth: depth), []) }
        if shape == 5 {
            let content = (0..<count(0...3)).map { _ in
                pad + pick(["  text & *t", "  # not a comment", "  - item", "  *t : value", "", "    deeper", " 'quote"])
            }
            return (pick(["|", ">", "|-", ">+", "|2", ">-"]) + (chance(20) ? " # c" : ""), content)
        }
        var lines: [String] = []
        if shape % 2 == 0 {
            for _ in 0..<count(1...3) {
                let entry = blockNode(indent: indent + 2, depth: depth + 1)
                let lead = chance(20) ? "- - " : "- "
                lines.append(pad + (entry.inline.map { lead + $0 } ?? String(lead.dropLast())))
                lines += entry.lines
                if chance(10) { lines.append(pad + "# comment & *t : x") }
            }
        } else {
            lines = mapping(indent: indent, depth: depth)
        }
        return (chance(25) ? String(anchor().dropLast()) : chance(5) ? "!!map" : nil, lines)
    }

    /// The lines of a block mapping at `indent`.
    mutating func mapping(indent: Int, depth: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for index in 0..<count(1...3) {
            if chance(8) {
                lines.append(pad + "<<: " + (chance(50) ? "*t" : "[*t, *t]"))
                continue
            }
            if chance(10) {
                let key = blockNode(indent: indent + 2, depth: depth + 1)
                lines.append(pad + "?" + (key.inline.map { " " + $0 } ?? ""))
                lines += key.lines
                if chance(70) { lines.append(pad + ": v\(index)") }
                continue
            }
            let key = chance(8) ? "*t " : chance(8) ? "[x\(index), *t]" : chance(10) ? anchor() + "k\(index)" : "k\(index)"
            let value = blockNode(indent: indent + 2, depth: depth + 1)
            lines.append(pad + key + ":" + (value.inline.map { " " + $0 + (chance(10) ? " # c" : "") } ?? ""))
            lines += value.lines
        }
        return lines
    }

    mutating func document() -> String {
        var text = (chance(15) ? "--- # start\n" : "") + "x-t: &t alias-target\n"
        text += mapping(indent: 0, depth: 0).joined(separator: "\n") + "\n"
        if chance(10) { text += "...\n" }
        return chance(5) ? text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") : text
    }

    /// `text` with a few characters inserted, removed or replaced by YAML's significant ones (after the
    /// alias target's line, which stays as it is).
    mutating func edit(_ text: String) -> String {
        guard let target = text.range(of: "alias-target\n") else { return text }
        var characters = Array(text[target.upperBound...].unicodeScalars)
        let alphabet = Array(" \n\t-?:,[]{}#&*!|>'\"%@\\a1.\r<x\u{FEFF}t".unicodeScalars)
        for _ in 0..<count(1...3) {
            let position = count(0...characters.count)
            switch count(0...2) {
            case 0: characters.insert(pick(alphabet), at: position)
            case 1 where position < characters.count: characters.remove(at: position)
            case 2 where position < characters.count: characters[position] = pick(alphabet)
            default: break
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: characters)
        return String(text[..<target.upperBound]) + String(view)
    }
}
