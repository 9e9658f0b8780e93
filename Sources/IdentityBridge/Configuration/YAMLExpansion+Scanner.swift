extension YAMLExpansion {
    /// libyaml's scanner (scanner.c) without values: the text is read as Unicode scalars, and
    /// positions, lines and columns count characters as libyaml's marks do.
    struct Scanner {
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
}
