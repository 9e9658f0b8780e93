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
    fileprivate enum Event: Equatable {
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
    private struct Counter {
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
    private struct Failure: Error {}

    /// The kinds of libyaml's tokens.
    private enum Kind {
        case streamStart, streamEnd, versionDirective, tagDirective, documentStart, documentEnd
        case blockSequenceStart, blockMappingStart, blockEnd
        case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
        case blockEntry, flowEntry, key, value, alias, anchor, tag, scalar
    }

    /// A token: its kind, and the name of an anchor or alias.
    private struct Token {
        /// What the token is.
        var kind: Kind
        /// The anchor's or alias's name.
        var name: String? = nil
    }

    /// A place where a simple key (`key: value` without `?`) may start, as libyaml keeps it.
    private struct SimpleKey {
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

    /// libyaml's scanner (scanner.c) without values: the text is read as Unicode scalars, and
    /// positions, lines and columns count characters as libyaml's marks do.
    private struct Scanner {
        /// The text's characters.
        let text: [Unicode.Scalar]
        /// Where the readable text ends: at the first character libyaml's reader refuses (a control
        /// character), or at the end.
        let end: Int
        /// Whether the text ends at a refused character rather than at its end.
        let refused: Bool
        /// The current position, in characters from 0.
        var index = 0
        /// The current line, from 0.
        var line = 0
        /// The current column, in characters from 0.
        var column = 0
        /// The scanned tokens; those from `head` on are not yet taken by the parser.
        var queue: [Token] = []
        /// Where the tokens not yet taken start in `queue`.
        var head = 0
        /// How many tokens the parser has taken.
        var tokensParsed = 0
        /// Whether the front token may be taken (no pending simple key refers to it).
        var tokenAvailable = false
        /// Whether STREAM-START was produced.
        var started = false
        /// The current block indentation (-1 outside every block collection).
        var indent = -1
        /// The enclosing block indentations.
        var indents: [Int] = []
        /// How many flow collections (`[`, `{`) are open.
        var flowLevel = 0
        /// Whether a simple key may start at the current position.
        var simpleKeyAllowed = false
        /// One potential simple key per flow level (`flowLevel + 1` entries).
        var keys: [SimpleKey] = []
        /// The flow levels whose key is possible, ascending (a deque: `possible[possibleStart...]`);
        /// their positions ascend too, so staleness is checked from the front only, which keeps deep
        /// flow nesting linear (libyaml checks every level at every token).
        var possible: [Int] = []
        /// Where the deque `possible` starts.
        var possibleStart = 0

        /// Reads `text`, up to the first character libyaml's reader refuses.

        init(_ text: String) {
            let scalars = Array(text.unicodeScalars)
            let end = scalars.firstIndex { !Self.readable($0.value) } ?? scalars.count
            self.text = scalars
            self.end = end
            self.refused = end < scalars.count
        }

        /// Whether libyaml's reader accepts the character.
        static func readable(_ value: UInt32) -> Bool {
            value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
                || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        }

        // MARK: Characters

        /// The character `offset` places ahead; NUL past the end.
        func at(_ offset: Int) -> Unicode.Scalar {
            let position = index + offset
            return position < end ? text[position] : "\0"
        }

        /// Whether the text ends `offset` places ahead.
        func isZ(_ offset: Int = 0) -> Bool { at(offset) == "\0" }
        /// Whether a space or tab is `offset` places ahead.
        func isBlank(_ offset: Int = 0) -> Bool { at(offset) == " " || at(offset) == "\t" }
        /// Whether a line break (CR, LF, NEL, LS, PS) is `offset` places ahead.
        func isBreak(_ offset: Int = 0) -> Bool {
            switch at(offset) {
            case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}": true
            default: false
            }
        }
        /// Whether a line break or the end is `offset` places ahead.
        func isBreakZ(_ offset: Int = 0) -> Bool { isBreak(offset) || isZ(offset) }
        /// Whether a blank, a line break or the end is `offset` places ahead.
        func isBlankZ(_ offset: Int = 0) -> Bool { isBlank(offset) || isBreakZ(offset) }
        /// Whether a decimal digit is `offset` places ahead.
        func isDigit(_ offset: Int = 0) -> Bool { ("0"..."9").contains(at(offset)) }
        /// Whether a hexadecimal digit is `offset` places ahead.
        func isHex(_ offset: Int) -> Bool {
            let character = at(offset)
            return ("0"..."9").contains(character) || ("a"..."f").contains(character) || ("A"..."F").contains(character)
        }
        /// libyaml's "alpha": letters, digits, `_` and `-`.
        func isAlpha(_ offset: Int = 0) -> Bool {
            let character = at(offset)
            return ("0"..."9").contains(character) || ("a"..."z").contains(character) || ("A"..."Z").contains(character)
                || character == "_" || character == "-"
        }
        /// Whether `---` or `...` followed by a blank starts here, at column 0.
        func isDocumentIndicator() -> Bool {
            guard column == 0 else { return false }
            let first = at(0)
            return (first == "-" || first == ".") && at(1) == first && at(2) == first && isBlankZ(3)
        }

        /// Moves past one character (not a line break).
        mutating func skip() {
            if index < end {
                index += 1
                column += 1
            }
        }

        /// Moves past a line break (CR LF counts as one); nothing when there is none.
        mutating func skipLine() {
            if at(0) == "\r" && at(1) == "\n" {
                index += 2
            } else if isBreak() {
                index += 1
            } else {
                return
            }
            column = 0
            line += 1
        }

        // MARK: The token queue

        /// The front token, scanning as far as simple keys require.
        mutating func peek() throws(Failure) -> Token {
            if !tokenAvailable { try fetchMoreTokens() }
            guard head < queue.count else { throw Failure() }
            return queue[head]
        }

        /// Takes the front token.
        mutating func skipToken() {
            tokenAvailable = false
            tokensParsed += 1
            head += 1
            if head >= 1024 && head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
        }

        /// Scans until the front token can no longer become part of a simple key.
        private mutating func fetchMoreTokens() throws(Failure) {
            while true {
                var needMore = head == queue.count
                if !needMore {
                    try staleSimpleKeys()
                    needMore = possibleStart < possible.count && keys[possible[possibleStart]].tokenNumber == tokensParsed
                }
                if !needMore { break }
                try fetchNextToken()
            }
            tokenAvailable = true
        }

        /// Scans the next token (with the block starts, ends and keys it implies).
        private mutating func fetchNextToken() throws(Failure) {
            guard started else {
                indent = -1
                keys.append(SimpleKey())
                simpleKeyAllowed = true
                started = true
                queue.append(Token(kind: .streamStart))
                return
            }
            try scanToNextToken()
            try staleSimpleKeys()
            unrollIndent(column)
            let character = at(0)
            if isZ() {
                // libyaml's reader fails on the refused character before the stream can end.
                if refused { throw Failure() }
                return try fetchStreamEnd()
            }
            if column == 0 && character == "%" { return try fetchDirective() }
            if isDocumentIndicator() {
                return try fetchDocumentIndicator(character == "-" ? .documentStart : .documentEnd)
            }
            switch character {
            case "[": return try fetchFlowCollectionStart(.flowSequenceStart)
            case "{": return try fetchFlowCollectionStart(.flowMappingStart)
            case "]": return try fetchFlowCollectionEnd(.flowSequenceEnd)
            case "}": return try fetchFlowCollectionEnd(.flowMappingEnd)
            case ",": return try fetchFlowEntry()
            case "-" where isBlankZ(1): return try fetchBlockEntry()
            case "?" where flowLevel > 0 || isBlankZ(1): return try fetchKey()
            case ":" where flowLevel > 0 || isBlankZ(1): return try fetchValue()
            case "*": return try fetchAnchor(.alias)
            case "&": return try fetchAnchor(.anchor)
            case "!": return try fetchTag()
            case "|" where flowLevel == 0, ">" where flowLevel == 0: return try fetchBlockScalar()
            case "'": return try fetchFlowScalar(single: true)
            case "\"": return try fetchFlowScalar(single: false)
            default: break
            }
            if !(isBlankZ() || Self.isIndicator(character)) || (character == "-" && !isBlank(1))
                || (flowLevel == 0 && (character == "?" || character == ":") && !isBlankZ(1))
            {
                return try fetchPlainScalar()
            }
            throw Failure()
        }

        /// The characters that cannot start a plain scalar (some can when a non-blank follows).
        static func isIndicator(_ character: Unicode.Scalar) -> Bool {
            switch character {
            case "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`": true
            default: false
            }
        }

        /// The flow indicators `,` `[` `]` `{` `}`.
        static func isFlowIndicator(_ character: Unicode.Scalar) -> Bool {
            switch character {
            case ",", "[", "]", "{", "}": true
            default: false
            }
        }

        // MARK: Simple keys and indentation

        /// Drops the potential simple keys that can no longer be keys (another line, or more than
        /// 1024 characters back); a required one is an error.
        private mutating func staleSimpleKeys() throws(Failure) {
            while possibleStart < possible.count {
                let level = possible[possibleStart]
                let key = keys[level]
                guard key.line < line || key.index + 1024 < index else { break }
                if key.required { throw Failure() }
                keys[level].possible = false
                possibleStart += 1
            }
            if possibleStart == possible.count {
                possible.removeAll(keepingCapacity: true)
                possibleStart = 0
            }
        }

        /// Records that a simple key may start at the current token.
        private mutating func saveSimpleKey() throws(Failure) {
            guard simpleKeyAllowed else { return }
            let key = SimpleKey(
                possible: true, required: flowLevel == 0 && indent == column, tokenNumber: tokensParsed + queue.count - head,
                index: index, line: line, column: column)
            try removeSimpleKey()
            keys[flowLevel] = key
            possible.append(flowLevel)
        }

        /// Drops the current level's potential simple key; a required one is an error.
        private mutating func removeSimpleKey() throws(Failure) {
            guard keys[flowLevel].possible else { return }
            if keys[flowLevel].required { throw Failure() }
            dropCurrentKey()
        }

        /// Marks the current level's key impossible; it is the last of the possible ones.
        private mutating func dropCurrentKey() {
            keys[flowLevel].possible = false
            if possibleStart < possible.count && possible[possible.count - 1] == flowLevel {
                possible.removeLast()
                if possibleStart == possible.count {
                    possible.removeAll(keepingCapacity: true)
                    possibleStart = 0
                }
            }
        }

        /// Enters a flow collection.
        private mutating func increaseFlowLevel() {
            keys.append(SimpleKey())
            flowLevel += 1
        }

        /// Leaves a flow collection.
        private mutating func decreaseFlowLevel() {
            guard flowLevel > 0 else { return }
            if keys[flowLevel].possible { dropCurrentKey() }
            keys.removeLast()
            flowLevel -= 1
        }

        /// In the block context, opens an indentation level at `column` with a start token, appended
        /// or inserted before the token numbered `number`.
        private mutating func rollIndent(_ column: Int, number: Int?, kind: Kind) {
            guard flowLevel == 0, indent < column else { return }
            indents.append(indent)
            indent = column
            insert(Token(kind: kind), number: number)
        }

        /// Inserts `token` before the token numbered `number` (appends when `nil`).
        private mutating func insert(_ token: Token, number: Int?) {
            if let number {
                queue.insert(token, at: min(max(head + number - tokensParsed, head), queue.count))
            } else {
                queue.append(token)
            }
        }

        /// In the block context, closes the indentation levels deeper than `column`.
        private mutating func unrollIndent(_ column: Int) {
            guard flowLevel == 0 else { return }
            while indent > column {
                queue.append(Token(kind: .blockEnd))
                indent = indents.popLast() ?? -1
            }
        }

        // MARK: Fetchers (one per token kind, as in libyaml)

        /// The end of the stream: every block closes.
        private mutating func fetchStreamEnd() throws(Failure) {
            if column != 0 {
                column = 0
                line += 1
            }
            unrollIndent(-1)
            try removeSimpleKey()
            simpleKeyAllowed = false
            queue.append(Token(kind: .streamEnd))
        }

        /// A directive line.
        private mutating func fetchDirective() throws(Failure) {
            unrollIndent(-1)
            try removeSimpleKey()
            simpleKeyAllowed = false
            queue.append(Token(kind: try scanDirective()))
        }

        /// `---` or `...`: every block closes.
        private mutating func fetchDocumentIndicator(_ kind: Kind) throws(Failure) {
            unrollIndent(-1)
            try removeSimpleKey()
            simpleKeyAllowed = false
            skip()
            skip()
            skip()
            queue.append(Token(kind: kind))
        }

        /// `[` or `{`.
        private mutating func fetchFlowCollectionStart(_ kind: Kind) throws(Failure) {
            try saveSimpleKey()
            increaseFlowLevel()
            simpleKeyAllowed = true
            skip()
            queue.append(Token(kind: kind))
        }

        /// `]` or `}`.
        private mutating func fetchFlowCollectionEnd(_ kind: Kind) throws(Failure) {
            try removeSimpleKey()
            decreaseFlowLevel()
            simpleKeyAllowed = false
            skip()
            queue.append(Token(kind: kind))
        }

        /// `,`.
        private mutating func fetchFlowEntry() throws(Failure) {
            try removeSimpleKey()
            simpleKeyAllowed = true
            skip()
            queue.append(Token(kind: .flowEntry))
        }

        /// `- `: in the block context, may start a block sequence.
        private mutating func fetchBlockEntry() throws(Failure) {
            if flowLevel == 0 {
                guard simpleKeyAllowed else { throw Failure() }
                rollIndent(column, number: nil, kind: .blockSequenceStart)
            }
            try removeSimpleKey()
            simpleKeyAllowed = true
            skip()
            queue.append(Token(kind: .blockEntry))
        }

        /// `? `: in the block context, may start a block mapping.
        private mutating func fetchKey() throws(Failure) {
            if flowLevel == 0 {
                guard simpleKeyAllowed else { throw Failure() }
                rollIndent(column, number: nil, kind: .blockMappingStart)
            }
            try removeSimpleKey()
            simpleKeyAllowed = flowLevel == 0
            skip()
            queue.append(Token(kind: .key))
        }

        /// `: `: makes the pending simple key a KEY (and may start a block mapping before it).
        private mutating func fetchValue() throws(Failure) {
            let key = keys[flowLevel]
            if key.possible {
                insert(Token(kind: .key), number: key.tokenNumber)
                rollIndent(key.column, number: key.tokenNumber, kind: .blockMappingStart)
                dropCurrentKey()
                simpleKeyAllowed = false
            } else {
                if flowLevel == 0 {
                    guard simpleKeyAllowed else { throw Failure() }
                    rollIndent(column, number: nil, kind: .blockMappingStart)
                }
                simpleKeyAllowed = flowLevel == 0
            }
            skip()
            queue.append(Token(kind: .value))
        }

        /// `&name` or `*name`.
        private mutating func fetchAnchor(_ kind: Kind) throws(Failure) {
            try saveSimpleKey()
            simpleKeyAllowed = false
            skip()
            let start = index
            while isAlpha() { skip() }
            let terminated =
                switch at(0) {
                case "?", ":", ",", "]", "}", "%", "@", "`": true
                default: isBlankZ()
                }
            guard index > start, terminated else { throw Failure() }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: text[start..<index])
            queue.append(Token(kind: kind, name: String(name)))
        }

        /// `!`, `!!x`, `!e!x` or `!<uri>`.
        private mutating func fetchTag() throws(Failure) {
            try saveSimpleKey()
            simpleKeyAllowed = false
            if at(1) == "<" {
                skip()
                skip()
                try scanTagURI(uriCharacters: true, directive: false, headLength: 0)
                guard at(0) == ">" else { throw Failure() }
                skip()
            } else {
                let handle = try scanTagHandle(directive: false)
                if handle.length > 1 && handle.closed {
                    try scanTagURI(uriCharacters: false, directive: false, headLength: 0)
                } else {
                    try scanTagURI(uriCharacters: false, directive: false, headLength: handle.length)
                }
            }
            if !isBlankZ() && (flowLevel == 0 || at(0) != ",") { throw Failure() }
            queue.append(Token(kind: .tag))
        }

        /// A literal (`|`) or folded (`>`) scalar.
        private mutating func fetchBlockScalar() throws(Failure) {
            try removeSimpleKey()
            simpleKeyAllowed = true
            try scanBlockScalar()
            queue.append(Token(kind: .scalar))
        }

        /// A quoted scalar.
        private mutating func fetchFlowScalar(single: Bool) throws(Failure) {
            try saveSimpleKey()
            simpleKeyAllowed = false
            try scanFlowScalar(single: single)
            queue.append(Token(kind: .scalar))
        }

        /// A plain scalar.
        private mutating func fetchPlainScalar() throws(Failure) {
            try saveSimpleKey()
            simpleKeyAllowed = false
            try scanPlainScalar()
            queue.append(Token(kind: .scalar))
        }

        // MARK: Scanners

        /// Skips blanks, comments and line breaks up to the next token.
        private mutating func scanToNextToken() throws(Failure) {
            while true {
                if column == 0 && at(0) == "\u{FEFF}" { skip() }
                while at(0) == " " || ((flowLevel > 0 || !simpleKeyAllowed) && at(0) == "\t") { skip() }
                if at(0) == "#" {
                    while !isBreakZ() { skip() }
                }
                guard isBreak() else { break }
                skipLine()
                if flowLevel == 0 { simpleKeyAllowed = true }
            }
        }

        /// `%YAML 1.2` or `%TAG !e! prefix`, up to the end of the line.
        private mutating func scanDirective() throws(Failure) -> Kind {
            skip()
            let start = index
            while isAlpha() { skip() }
            guard index > start, isBlankZ() else { throw Failure() }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: text[start..<index])
            let kind: Kind
            switch String(name) {
            case "YAML":
                while isBlank() { skip() }
                try scanVersionNumber()
                guard at(0) == "." else { throw Failure() }
                skip()
                try scanVersionNumber()
                kind = .versionDirective
            case "TAG":
                while isBlank() { skip() }
                _ = try scanTagHandle(directive: true)
                guard isBlank() else { throw Failure() }
                while isBlank() { skip() }
                try scanTagURI(uriCharacters: true, directive: true, headLength: 0)
                guard isBlankZ() else { throw Failure() }
                kind = .tagDirective
            default:
                throw Failure()
            }
            while isBlank() { skip() }
            if at(0) == "#" {
                while !isBreakZ() { skip() }
            }
            guard isBreakZ() else { throw Failure() }
            skipLine()
            return kind
        }

        /// One to nine digits.
        private mutating func scanVersionNumber() throws(Failure) {
            var length = 0
            while isDigit() {
                length += 1
                guard length <= 9 else { throw Failure() }
                skip()
            }
            guard length > 0 else { throw Failure() }
        }

        /// `!`, `!!` or `!name!`: its length, and whether it ends with a `!` of its own.
        private mutating func scanTagHandle(directive: Bool) throws(Failure) -> (length: Int, closed: Bool) {
            guard at(0) == "!" else { throw Failure() }
            skip()
            var length = 1
            while isAlpha() {
                skip()
                length += 1
            }
            if at(0) == "!" {
                skip()
                return (length + 1, true)
            }
            if directive && length != 1 { throw Failure() }
            return (length, false)
        }

        /// A tag's URI part (`headLength` characters of the handle count towards it).
        private mutating func scanTagURI(uriCharacters: Bool, directive: Bool, headLength: Int) throws(Failure) {
            func isURICharacter(_ character: Unicode.Scalar) -> Bool {
                switch character {
                case ";", "/", "?", ":", "@", "&", "=", "+", "$", ".", "%", "!", "~", "*", "'", "(", ")": true
                case ",", "[", "]": uriCharacters
                default: false
                }
            }
            var length = headLength
            while isAlpha() || isURICharacter(at(0)) {
                if at(0) == "%" {
                    try scanURIEscapes()
                } else {
                    skip()
                }
                length += 1
            }
            guard length > 0 else { throw Failure() }
        }

        /// `%XX` escapes forming one UTF-8 character.
        private mutating func scanURIEscapes() throws(Failure) {
            var width = 0
            repeat {
                guard at(0) == "%", isHex(1), isHex(2) else { throw Failure() }
                let octet = UInt8(Self.hexValue(at(1)) << 4 | Self.hexValue(at(2)))
                if width == 0 {
                    width =
                        octet & 0x80 == 0 ? 1 : octet & 0xE0 == 0xC0 ? 2 : octet & 0xF0 == 0xE0 ? 3 : octet & 0xF8 == 0xF0 ? 4 : 0
                    guard width > 0 else { throw Failure() }
                } else {
                    guard octet & 0xC0 == 0x80 else { throw Failure() }
                }
                skip()
                skip()
                skip()
                width -= 1
            } while width > 0
        }

        /// The value of a hexadecimal digit.
        static func hexValue(_ character: Unicode.Scalar) -> UInt32 {
            let value = character.value
            switch character {
            case "0"..."9": return value - 0x30
            case "a"..."f": return value - 0x61 + 10
            default: return value - 0x41 + 10
            }
        }

        /// `|` or `>` with its indicators, and the content lines, which are skipped.
        private mutating func scanBlockScalar() throws(Failure) {
            skip()
            var increment = 0
            if at(0) == "+" || at(0) == "-" {
                skip()
                if isDigit() {
                    guard at(0) != "0" else { throw Failure() }
                    increment = Int(at(0).value) - 0x30
                    skip()
                }
            } else if isDigit() {
                guard at(0) != "0" else { throw Failure() }
                increment = Int(at(0).value) - 0x30
                skip()
                if at(0) == "+" || at(0) == "-" { skip() }
            }
            while isBlank() { skip() }
            if at(0) == "#" {
                while !isBreakZ() { skip() }
            }
            guard isBreakZ() else { throw Failure() }
            skipLine()
            var contentIndent = 0
            if increment > 0 { contentIndent = indent >= 0 ? indent + increment : increment }
            try scanBlockScalarBreaks(&contentIndent)
            while column == contentIndent && !isZ() {
                while !isBreakZ() { skip() }
                skipLine()
                try scanBlockScalarBreaks(&contentIndent)
            }
        }

        /// Skips the indentation and empty lines before a block scalar's next content line, and
        /// fixes the content indentation from the first ones when no indicator gave it.
        private mutating func scanBlockScalarBreaks(_ contentIndent: inout Int) throws(Failure) {
            var maxIndent = 0
            while true {
                while (contentIndent == 0 || column < contentIndent) && at(0) == " " { skip() }
                maxIndent = max(maxIndent, column)
                if (contentIndent == 0 || column < contentIndent) && at(0) == "\t" { throw Failure() }
                guard isBreak() else { break }
                skipLine()
            }
            if contentIndent == 0 { contentIndent = max(maxIndent, indent + 1, 1) }
        }

        /// A single- or double-quoted scalar, possibly over several lines.
        private mutating func scanFlowScalar(single: Bool) throws(Failure) {
            let quote: Unicode.Scalar = single ? "'" : "\""
            skip()
            while true {
                guard !isDocumentIndicator(), !isZ() else { throw Failure() }
                while !isBlankZ() {
                    if single && at(0) == "'" && at(1) == "'" {
                        skip()
                        skip()
                    } else if at(0) == quote {
                        break
                    } else if !single && at(0) == "\\" && isBreak(1) {
                        skip()
                        skipLine()
                        break
                    } else if !single && at(0) == "\\" {
                        try skipEscape()
                    } else {
                        skip()
                    }
                }
                if at(0) == quote { break }
                while isBlank() || isBreak() {
                    if isBlank() { skip() } else { skipLine() }
                }
            }
            skip()
        }

        /// A double-quoted scalar's escape sequence.
        private mutating func skipEscape() throws(Failure) {
            let length: Int
            switch at(1) {
            case "0", "a", "b", "t", "\t", "n", "v", "f", "r", "e", " ", "\"", "/", "\\", "N", "_", "L", "P": length = 0
            case "x": length = 2
            case "u": length = 4
            case "U": length = 8
            default: throw Failure()
            }
            skip()
            skip()
            guard length > 0 else { return }
            var value: UInt32 = 0
            for offset in 0..<length {
                guard isHex(offset) else { throw Failure() }
                value = value &<< 4 | Self.hexValue(at(offset))
            }
            if (0xD800...0xDFFF).contains(value) || value > 0x10FFFF { throw Failure() }
            for _ in 0..<length { skip() }
        }

        /// A plain scalar, possibly over several lines (each indented more than the block).
        private mutating func scanPlainScalar() throws(Failure) {
            var leadingBlanks = false
            let minimumIndent = indent + 1
            while true {
                if isDocumentIndicator() || at(0) == "#" { break }
                while !isBlankZ() {
                    if flowLevel > 0 && at(0) == ":" && (at(1) == "?" || Self.isFlowIndicator(at(1))) { throw Failure() }
                    if (at(0) == ":" && isBlankZ(1)) || (flowLevel > 0 && Self.isFlowIndicator(at(0))) { break }
                    leadingBlanks = false
                    skip()
                }
                guard isBlank() || isBreak() else { break }
                while isBlank() || isBreak() {
                    if isBlank() {
                        if leadingBlanks && column < minimumIndent && at(0) == "\t" { throw Failure() }
                        skip()
                    } else {
                        skipLine()
                        leadingBlanks = true
                    }
                }
                if flowLevel == 0 && column < minimumIndent { break }
            }
            if leadingBlanks { simpleKeyAllowed = true }
        }
    }

    /// libyaml's parser (parser.c): the same state machine, reporting only what the count needs.
    private struct Parser {
        /// The parser's states.
        enum State {
            case streamStart, implicitDocumentStart, documentStart, documentContent, documentEnd
            case blockNode, blockNodeOrIndentlessSequence, flowNode
            case blockSequenceFirstEntry, blockSequenceEntry, indentlessSequenceEntry
            case blockMappingFirstKey, blockMappingKey, blockMappingValue
            case flowSequenceFirstEntry, flowSequenceEntry
            case flowSequenceEntryMappingKey, flowSequenceEntryMappingValue, flowSequenceEntryMappingEnd
            case flowMappingFirstKey, flowMappingKey, flowMappingValue, flowMappingEmptyValue
            case end
        }

        /// The tokens.
        var scanner: Scanner
        /// What comes next.
        var state = State.streamStart
        /// The states to return to (a stack instead of recursion).
        var states: [State] = []

        /// Parses `text`.
        init(_ text: String) {
            scanner = Scanner(text)
        }

        /// The next event.
        mutating func next() throws(Failure) -> Event {
            switch state {
            case .streamStart:
                guard try scanner.peek().kind == .streamStart else { throw Failure() }
                state = .implicitDocumentStart
                scanner.skipToken()
                return .nothing
            case .implicitDocumentStart: return try documentStart(implicit: true)
            case .documentStart: return try documentStart(implicit: false)
            case .documentContent:
                switch try scanner.peek().kind {
                case .versionDirective, .tagDirective, .documentStart, .documentEnd, .streamEnd:
                    state = pop()
                    return .scalar(anchor: nil)
                default:
                    return try node(block: true, indentlessSequence: false)
                }
            case .documentEnd:
                if try scanner.peek().kind == .documentEnd { scanner.skipToken() }
                state = .documentStart
                return .nothing
            case .blockNode: return try node(block: true, indentlessSequence: false)
            case .blockNodeOrIndentlessSequence: return try node(block: true, indentlessSequence: true)
            case .flowNode: return try node(block: false, indentlessSequence: false)
            case .blockSequenceFirstEntry: return try blockSequenceEntry(first: true)
            case .blockSequenceEntry: return try blockSequenceEntry(first: false)
            case .indentlessSequenceEntry: return try indentlessSequenceEntry()
            case .blockMappingFirstKey: return try blockMappingKey(first: true)
            case .blockMappingKey: return try blockMappingKey(first: false)
            case .blockMappingValue: return try blockMappingValue()
            case .flowSequenceFirstEntry: return try flowSequenceEntry(first: true)
            case .flowSequenceEntry: return try flowSequenceEntry(first: false)
            case .flowSequenceEntryMappingKey: return try flowSequenceEntryMappingKey()
            case .flowSequenceEntryMappingValue: return try flowSequenceEntryMappingValue()
            case .flowSequenceEntryMappingEnd:
                _ = try scanner.peek()
                state = .flowSequenceEntry
                return .collectionEnd
            case .flowMappingFirstKey: return try flowMappingKey(first: true)
            case .flowMappingKey: return try flowMappingKey(first: false)
            case .flowMappingValue: return try flowMappingValue(empty: false)
            case .flowMappingEmptyValue: return try flowMappingValue(empty: true)
            case .end: return .streamEnd
            }
        }

        /// The state to return to.
        private mutating func pop() -> State { states.popLast() ?? .end }

        /// Continues with a node, returning to `state` after it.
        private mutating func node(then state: State, block: Bool, indentlessSequence: Bool = false) throws(Failure) -> Event {
            states.append(state)
            return try node(block: block, indentlessSequence: indentlessSequence)
        }

        /// A document's start: implicit (no `---`) or explicit, after directives.
        private mutating func documentStart(implicit: Bool) throws(Failure) -> Event {
            var token = try scanner.peek()
            if !implicit {
                while token.kind == .documentEnd {
                    scanner.skipToken()
                    token = try scanner.peek()
                }
            }
            switch token.kind {
            case .streamEnd:
                state = .end
                scanner.skipToken()
                return .streamEnd
            case .versionDirective, .tagDirective, .documentStart:
                break
            default:
                if implicit {
                    states.append(.documentEnd)
                    state = .blockNode
                    return .nothing
                }
            }
            // Directives (their versions and handles are left to composing), then `---`.
            while token.kind == .versionDirective || token.kind == .tagDirective {
                scanner.skipToken()
                token = try scanner.peek()
            }
            guard token.kind == .documentStart else { throw Failure() }
            states.append(.documentEnd)
            state = .documentContent
            scanner.skipToken()
            return .nothing
        }

        /// A node: an alias, or properties (anchor, tag) and content; in a block mapping's value, a
        /// sequence may start at the key's own indentation.
        private mutating func node(block: Bool, indentlessSequence: Bool) throws(Failure) -> Event {
            var token = try scanner.peek()
            if token.kind == .alias {
                state = pop()
                scanner.skipToken()
                return .alias(name: token.name)
            }
            var anchor: String?
            var tagged = false
            if token.kind == .anchor {
                anchor = token.name
                scanner.skipToken()
                token = try scanner.peek()
                if token.kind == .tag {
                    tagged = true
                    scanner.skipToken()
                    token = try scanner.peek()
                }
            } else if token.kind == .tag {
                tagged = true
                scanner.skipToken()
                token = try scanner.peek()
                if token.kind == .anchor {
                    anchor = token.name
                    scanner.skipToken()
                    token = try scanner.peek()
                }
            }
            switch token.kind {
            case .blockEntry where indentlessSequence:
                state = .indentlessSequenceEntry
                return .collectionStart(anchor: anchor)
            case .scalar:
                state = pop()
                scanner.skipToken()
                return .scalar(anchor: anchor)
            case .flowSequenceStart:
                state = .flowSequenceFirstEntry
                return .collectionStart(anchor: anchor)
            case .flowMappingStart:
                state = .flowMappingFirstKey
                return .collectionStart(anchor: anchor)
            case .blockSequenceStart where block:
                state = .blockSequenceFirstEntry
                return .collectionStart(anchor: anchor)
            case .blockMappingStart where block:
                state = .blockMappingFirstKey
                return .collectionStart(anchor: anchor)
            default:
                // Properties alone make an empty scalar; nothing at all is an error.
                guard anchor != nil || tagged else { throw Failure() }
                state = pop()
                return .scalar(anchor: anchor)
            }
        }

        /// A block sequence's next entry (`- `) or its end.
        private mutating func blockSequenceEntry(first: Bool) throws(Failure) -> Event {
            if first {
                _ = try scanner.peek()
                scanner.skipToken()
            }
            switch try scanner.peek().kind {
            case .blockEntry:
                scanner.skipToken()
                switch try scanner.peek().kind {
                case .blockEntry, .blockEnd:
                    state = .blockSequenceEntry
                    return .scalar(anchor: nil)
                default:
                    return try node(then: .blockSequenceEntry, block: true)
                }
            case .blockEnd:
                state = pop()
                scanner.skipToken()
                return .collectionEnd
            default:
                throw Failure()
            }
        }

        /// The next entry of a sequence at its mapping key's indentation, or its end.
        private mutating func indentlessSequenceEntry() throws(Failure) -> Event {
            guard try scanner.peek().kind == .blockEntry else {
                state = pop()
                return .collectionEnd
            }
            scanner.skipToken()
            switch try scanner.peek().kind {
            case .blockEntry, .key, .value, .blockEnd:
                state = .indentlessSequenceEntry
                return .scalar(anchor: nil)
            default:
                return try node(then: .indentlessSequenceEntry, block: true)
            }
        }

        /// A block mapping's next key (empty when absent) or its end.
        private mutating func blockMappingKey(first: Bool) throws(Failure) -> Event {
            if first {
                _ = try scanner.peek()
                scanner.skipToken()
            }
            switch try scanner.peek().kind {
            case .key:
                scanner.skipToken()
                switch try scanner.peek().kind {
                case .key, .value, .blockEnd:
                    state = .blockMappingValue
                    return .scalar(anchor: nil)
                default:
                    return try node(then: .blockMappingValue, block: true, indentlessSequence: true)
                }
            case .blockEnd:
                state = pop()
                scanner.skipToken()
                return .collectionEnd
            default:
                throw Failure()
            }
        }

        /// A block mapping's value (empty when absent).
        private mutating func blockMappingValue() throws(Failure) -> Event {
            guard try scanner.peek().kind == .value else {
                state = .blockMappingKey
                return .scalar(anchor: nil)
            }
            scanner.skipToken()
            switch try scanner.peek().kind {
            case .key, .value, .blockEnd:
                state = .blockMappingKey
                return .scalar(anchor: nil)
            default:
                return try node(then: .blockMappingKey, block: true, indentlessSequence: true)
            }
        }

        /// A flow sequence's next entry (a single-pair mapping when it has a key) or its end.
        private mutating func flowSequenceEntry(first: Bool) throws(Failure) -> Event {
            if first {
                _ = try scanner.peek()
                scanner.skipToken()
            }
            var token = try scanner.peek()
            if token.kind != .flowSequenceEnd {
                if !first {
                    guard token.kind == .flowEntry else { throw Failure() }
                    scanner.skipToken()
                    token = try scanner.peek()
                }
                if token.kind == .key {
                    state = .flowSequenceEntryMappingKey
                    scanner.skipToken()
                    return .collectionStart(anchor: nil)
                }
                if token.kind != .flowSequenceEnd {
                    return try node(then: .flowSequenceEntry, block: false)
                }
            }
            state = pop()
            scanner.skipToken()
            return .collectionEnd
        }

        /// The key of a single-pair mapping in a flow sequence.
        private mutating func flowSequenceEntryMappingKey() throws(Failure) -> Event {
            switch try scanner.peek().kind {
            case .flowSequenceEnd:
                state = .flowSequenceEntryMappingValue
                return .scalar(anchor: nil)
            case .value, .flowEntry:
                scanner.skipToken()
                state = .flowSequenceEntryMappingValue
                return .scalar(anchor: nil)
            default:
                return try node(then: .flowSequenceEntryMappingValue, block: false)
            }
        }

        /// The value of a single-pair mapping in a flow sequence.
        private mutating func flowSequenceEntryMappingValue() throws(Failure) -> Event {
            if try scanner.peek().kind == .value {
                scanner.skipToken()
                let kind = try scanner.peek().kind
                if kind != .flowEntry && kind != .flowSequenceEnd {
                    return try node(then: .flowSequenceEntryMappingEnd, block: false)
                }
            }
            state = .flowSequenceEntryMappingEnd
            return .scalar(anchor: nil)
        }

        /// A flow mapping's next key or its end.
        private mutating func flowMappingKey(first: Bool) throws(Failure) -> Event {
            if first {
                _ = try scanner.peek()
                scanner.skipToken()
            }
            var token = try scanner.peek()
            if token.kind != .flowMappingEnd {
                if !first {
                    guard token.kind == .flowEntry else { throw Failure() }
                    scanner.skipToken()
                    token = try scanner.peek()
                }
                if token.kind == .key {
                    scanner.skipToken()
                    switch try scanner.peek().kind {
                    case .value, .flowEntry, .flowMappingEnd:
                        state = .flowMappingValue
                        return .scalar(anchor: nil)
                    default:
                        return try node(then: .flowMappingValue, block: false)
                    }
                }
                if token.kind != .flowMappingEnd {
                    return try node(then: .flowMappingEmptyValue, block: false)
                }
            }
            state = pop()
            scanner.skipToken()
            return .collectionEnd
        }

        /// A flow mapping's value (empty when absent).
        private mutating func flowMappingValue(empty: Bool) throws(Failure) -> Event {
            let token = try scanner.peek()
            if !empty && token.kind == .value {
                scanner.skipToken()
                let kind = try scanner.peek().kind
                if kind != .flowEntry && kind != .flowMappingEnd {
                    return try node(then: .flowMappingKey, block: false)
                }
            }
            state = .flowMappingKey
            return .scalar(anchor: nil)
        }
    }
}
