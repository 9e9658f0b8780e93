/// How many nodes a YAML text has, and how many it expands to once every alias is followed, counted
/// on the text's events before anything is composed: composing follows aliases everywhere, mapping keys
/// included (which Yams hashes whole), so the bound must come first. ``BoundedYAML`` asks it before Yams
/// composes a document.
///
/// It is a structural port of libyaml 0.2.5's scanner and parser (tokens, simple keys, indentation
/// stack, the parser's state machine) that keeps only what the count needs: the events' kinds and
/// anchor names, never scalar values. A scalar, a sequence start and a mapping start are one source
/// node each; an alias adds its anchor's expanded size (1 when the anchor is unknown). Pure Swift: no C
/// library, no system library, no other package's internal module, so the same bound runs on Linux,
/// macOS and iOS. The tests hold it to libyaml's own event stream (`LibyamlExpansion`, Linux): the same
/// counts wherever libyaml parses a text. Where libyaml refuses a text this port refuses it too (`nil`)
/// or counts it anyway: checks that cannot change the count (`%YAML` versions, duplicate directives,
/// undefined tag handles) are left to composing, and an empty key before `]` (`[? ]`) is read as the
/// libyaml bundled with Yams reads it (an empty pair), where 0.2.5 refuses it.
///
/// Linear in the text (unlike libyaml, also in deeply nested flow collections), iterative (no
/// recursion, whatever the nesting), and stops as soon as the expansion passes `limit`.
struct YAMLExpansion {
    /// Nodes written in the text (aliases not followed).
    var sourceNodes = 0
    /// Nodes once every alias is followed (saturating; at least `limit + 1` when over).
    var expandedNodes = 0

    /// Counts `text`; `nil` when it is not YAML libyaml would parse (composing then reports why).
    static func count(_ text: String, limit: Int) -> YAMLExpansion? {
        var parser = Parser(text)
        var counter = Counter(limit: limit)
        do {
            while true {
                let event = try parser.next()
                if event == .streamEnd { return counter.result }
                if counter.record(event) { return counter.result }
            }
        } catch {
            return nil
        }
    }

    /// What the parser reports, reduced to what the count needs.
    enum Event: Equatable {
        /// Stream start, document start or end: nothing to count.
        case nothing
        /// The end of the stream.
        case streamEnd
        /// A scalar (possibly empty), with its anchor.
        case scalar(anchor: String?)
        /// An alias to `name`.
        case alias(name: String?)
        /// A sequence or mapping starts, with its anchor.
        case collectionStart(anchor: String?)
        /// The innermost open sequence or mapping ends.
        case collectionEnd
    }

    /// Sums the events: a collection's expanded size is 1 plus its children's, kept as a running total.
    struct Counter {
        /// The largest value kept: sums saturate here.
        static let cap = Int.max / 2
        /// The bound past which counting stops.
        let limit: Int
        /// The counts so far.
        var result = YAMLExpansion()
        /// Each anchor's expanded size, the latest completed definition winning.
        var anchors: [String: Int] = [:]
        /// Open sequences and mappings: their anchor and the expanded size so far.
        var open: [(anchor: String?, size: Int)] = []
        /// The sum of the open sizes (exact: counting stops before it could overflow).
        var openSum = 0

        /// Counts one event; `true` when the total, open collections included, passed the limit
        /// (`result.expandedNodes` then holds that total).
        mutating func record(_ event: Event) -> Bool {
            switch event {
            case .nothing, .streamEnd:
                break
            case .scalar(let anchor):
                result.sourceNodes += 1
                add(1, anchor: anchor)
            case .alias(let name):
                add(name.flatMap { anchors[$0] } ?? 1, anchor: nil)
            case .collectionStart(let anchor):
                result.sourceNodes += 1
                open.append((anchor, 1))
                openSum += 1
            case .collectionEnd:
                if let closed = open.popLast() {
                    openSum -= closed.size
                    add(closed.size, anchor: closed.anchor)
                }
            }
            // Past `cap` the total cannot pass a larger limit: libyaml's count never stops then either.
            guard limit < Self.cap else { return false }
            let (sum, overflow) = result.expandedNodes.addingReportingOverflow(openSum)
            let pending = overflow ? Self.cap : min(sum, Self.cap)
            guard pending > limit else { return false }
            result.expandedNodes = pending
            return true
        }

        /// Adds a completed node of expanded size `size` to the innermost open collection (or the
        /// stream), and records its anchor.
        private mutating func add(_ size: Int, anchor: String?) {
            if let anchor { anchors[anchor] = size }
            if open.isEmpty {
                result.expandedNodes = min(result.expandedNodes.addingReportingOverflow(size).partialValue, Self.cap)
            } else {
                let before = open[open.count - 1].size
                let after = min(before + size, Self.cap)
                open[open.count - 1].size = after
                openSum += after - before
            }
        }
    }

    /// The text is not YAML that libyaml would parse.
    struct Failure: Error {}

    /// The kinds of libyaml's tokens.
    enum Kind {
        case streamStart, streamEnd, versionDirective, tagDirective, documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
        case blockEntry, flowEntry, key, value, alias, anchor, tag, scalar
    }

    /// A token: its kind, and the name of an anchor or alias.
    struct Token {
        /// What the token is.
        var kind: Kind
        /// The anchor's or alias's name.
        var name: String? = nil
    }

    /// A place where a simple key (`key: value` without `?`) may start, as libyaml keeps it.
    struct SimpleKey {
        /// Whether a key may still start here.
        var possible = false
        /// Whether the `:` must follow (a block key at the indentation column).
        var required = false
        /// The number of the token that would be the key.
        var tokenNumber = 0
        /// The position, in characters.
        var index = 0
        /// The line, from 0.
        var line = 0
        /// The column, in characters from 0.
        var column = 0
    }
}
