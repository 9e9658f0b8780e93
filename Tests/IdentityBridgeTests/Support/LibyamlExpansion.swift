#if os(Linux)
// The reference the package's own counter (`YAMLExpansion`) is tested against: libyaml's event API through
// the package's system-library target `CLibyaml` (Debian libyaml-dev), which only this test target links.
// Yams links its bundled libyaml into the same binary: the C symbols then resolve to that copy, which has the
// same API and structure layouts as the system's 0.2.5 (its yaml.h differs only in comments and an added
// yaml_set_max_nest_level), so either copy serves these calls.
import CLibyaml

/// How many nodes a YAML text has, and how many it expands to once every alias is followed, counted
/// on libyaml's event stream: the package's bound until `YAMLExpansion` replaced it (with the system's
/// 0.2.5, which has no nesting limit, libyaml's simple-key check and the re-added open collections make it
/// quadratic in nesting depth). Stops as soon as the expansion passes `limit`.
struct LibyamlExpansion {
    /// Nodes written in the text (aliases not followed).
    var sourceNodes = 0
    /// Nodes once every alias is followed (saturating; at least `limit + 1` when over).
    var expandedNodes = 0

    /// Counts `text`; `nil` when libyaml cannot parse it (composing then reports why).
    static func count(_ text: String, limit: Int) -> LibyamlExpansion? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        // Pointers because libyaml is C: it reads the input from a C buffer and names anchors with C strings.
        return bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var result = LibyamlExpansion()
            var anchors: [String: Int] = [:]
            // Open sequences and mappings: their anchor and the expanded size so far.
            var open: [(anchor: String?, size: Int)] = []
            func add(_ size: Int, anchor: String?) {
                if let anchor { anchors[anchor] = size }
                if open.isEmpty {
                    result.expandedNodes = min(result.expandedNodes.addingReportingOverflow(size).partialValue, Int.max / 2)
                } else {
                    open[open.count - 1].size = min(open[open.count - 1].size + size, Int.max / 2)
                }
            }
            func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                anchor.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return result
                case YAML_SCALAR_EVENT:
                    result.sourceNodes += 1
                    add(1, anchor: name(event.data.scalar.anchor))
                case YAML_ALIAS_EVENT:
                    add(name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1, anchor: nil)
                case YAML_SEQUENCE_START_EVENT:
                    result.sourceNodes += 1
                    open.append((name(event.data.sequence_start.anchor), 1))
                case YAML_MAPPING_START_EVENT:
                    result.sourceNodes += 1
                    open.append((name(event.data.mapping_start.anchor), 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let closed = open.popLast() { add(closed.size, anchor: closed.anchor) }
                default:
                    break
                }
                let pending = open.reduce(result.expandedNodes) { min($0 + $1.size, Int.max / 2) }
                if pending > limit {
                    result.expandedNodes = pending
                    return result
                }
            }
        }
    }
}
#endif
