internal import Yams

/// Resolves YAML merge keys (`<<: *base`, `<<: [*a, *b]`) into plain mappings before validation,
/// keeping every node's original position, and bounds the work so that a document built to explode
/// through aliases ("billion laughs") is refused instead of exhausting memory.
struct YAMLNormalizer {
    /// The most nodes a configuration may expand to after aliases are followed.
    static let maxNodes = 100_000

    private(set) var visited = 0
    private(set) var problems: [(message: String, mark: Mark?)] = []
    private(set) var exhausted = false

    /// The node with every merge key resolved; explicit keys win over merged ones, and among
    /// merged mappings the first listed wins (YAML 1.1 merge key rules).
    mutating func normalize(_ node: Node) -> Node {
        guard !exhausted else { return node }
        visited += 1
        if visited > Self.maxNodes {
            exhausted = true
            return node
        }
        switch node {
        case .scalar, .alias:
            return node
        case .sequence(let sequence):
            let nodes = sequence.map { normalize($0) }
            return .sequence(Node.Sequence(nodes, sequence.tag, sequence.style, sequence.mark))
        case .mapping(let mapping):
            var explicit: [(Node, Node)] = []
            var merged: [(Node, Node)] = []
            for (key, value) in mapping {
                if Self.isMergeKey(key) {
                    switch value {
                    case .mapping:
                        merged.append(contentsOf: pairs(of: normalize(value)))
                    case .sequence(let sources):
                        for source in sources {
                            if source.mapping != nil {
                                merged.append(contentsOf: pairs(of: normalize(source)))
                            } else {
                                problems.append(
                                    ("'<<' (merge key) entries must be mappings, usually aliases such as '*base'.", source.mark))
                            }
                        }
                    default:
                        problems.append(
                            ("'<<' (merge key) must be a mapping or a list of mappings, usually an alias such as '*base'.", value.mark))
                    }
                } else {
                    explicit.append((key, normalize(value)))
                }
            }
            var seen = Set(explicit.compactMap { $0.0.string })
            var result: [(Node, Node)] = []
            for pair in merged {
                guard let name = pair.0.string else { continue }
                if seen.insert(name).inserted { result.append(pair) }
            }
            return .mapping(Node.Mapping(result + explicit, mapping.tag, mapping.style, mapping.mark))
        }
    }

    private func pairs(of node: Node) -> [(Node, Node)] {
        guard let mapping = node.mapping else { return [] }
        return mapping.map { ($0.key, $0.value) }
    }

    static func isMergeKey(_ key: Node) -> Bool {
        guard case .scalar(let scalar) = key else { return false }
        return scalar.string == "<<" && scalar.style == .plain
    }
}

/// Finds where a duplicated key occurs the second time, given the first occurrence: the next line
/// of the same block mapping (same column) that starts with the same key. `nil` when not found
/// (flow mappings, quoted keys), in which case the first occurrence is reported.
func locateDuplicateKey(_ key: String, after first: Mark, in text: String) -> (line: Int, column: Int)? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard first.line >= 1, first.line <= lines.count else { return nil }
    if let flow = locateFlowDuplicate(key, after: first, lines: lines) { return flow }
    let column = first.column
    var lineNumber = first.line
    while lineNumber < lines.count {
        let line = Array(lines[lineNumber].unicodeScalars)
        lineNumber += 1
        // Skip blank and comment-only lines.
        guard let start = line.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }), line[start] != "#" else { continue }
        // Content at a smaller column than the key ends the mapping (a `- ` item marker at the
        // key's own column minus two does too).
        if start + 1 < column { return nil }
        guard start + 1 == column else { continue }
        let rest = String(String.UnicodeScalarView(line[start...]))
        if rest.hasPrefix(key) {
            let after = rest.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            if after.first == ":" { return (lineNumber, column) }
        }
    }
    return nil
}

/// The flow-style case (`{kind: a, kind: b}`): the next `key:` after the first occurrence on the
/// same line, preceded by `{`, `,` or a space. Linear in the line: candidates are found with the
/// Knuth-Morris-Pratt search, so a long key on a long line costs no more than reading them.
private func locateFlowDuplicate(_ key: String, after first: Mark, lines: [Substring]) -> (line: Int, column: Int)? {
    let line = Array(lines[first.line - 1].unicodeScalars)
    let keyScalars = Array(key.unicodeScalars)
    guard first.column - 1 < line.count, !keyScalars.isEmpty else { return nil }
    // failure[i]: the length of the longest proper prefix of key[0...i] that is also its suffix.
    var failure = [Int](repeating: 0, count: keyScalars.count)
    var length = 0
    for index in 1..<max(keyScalars.count, 1) {
        while length > 0, keyScalars[index] != keyScalars[length] { length = failure[length - 1] }
        if keyScalars[index] == keyScalars[length] { length += 1 }
        failure[index] = length
    }
    var matched = 0
    var index = first.column - 1 + keyScalars.count
    while index < line.count {
        while matched > 0, line[index] != keyScalars[matched] { matched = failure[matched - 1] }
        if line[index] == keyScalars[matched] { matched += 1 }
        index += 1
        guard matched == keyScalars.count else { continue }
        matched = failure[matched - 1]
        let start = index - keyScalars.count
        let before = line[start - 1]
        guard before == " " || before == "{" || before == "," else { continue }
        var after = index
        while after < line.count, line[after] == " " { after += 1 }
        if after < line.count, line[after] == ":" { return (first.line, start + 1) }
    }
    return nil
}
