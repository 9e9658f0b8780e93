extension YAMLExpansion {
    /// libyaml's parser (parser.c): the same state machine, reporting only what the count needs.
    struct Parser {
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

        /// The token that starts a flow collection's next entry: on the first, after the collection's opening
        /// bracket; on the others, after the `,` that must come first (or `end` itself, when the collection closes).
        private mutating func flowEntryStart(first: Bool, end: Kind) throws(Failure) -> Token {
            if first {
                _ = try scanner.peek()
                scanner.skipToken()
            }
            let token = try scanner.peek()
            guard !first && token.kind != end else { return token }
            guard token.kind == .flowEntry else { throw Failure() }
            scanner.skipToken()
            return try scanner.peek()
        }

        /// The end of the innermost flow collection (its closing bracket is the next token).
        private mutating func flowCollectionEnd() -> Event {
            state = pop()
            scanner.skipToken()
            return .collectionEnd
        }

        /// A flow sequence's next entry (a single-pair mapping when it has a key) or its end.
        private mutating func flowSequenceEntry(first: Bool) throws(Failure) -> Event {
            switch try flowEntryStart(first: first, end: .flowSequenceEnd).kind {
            case .flowSequenceEnd:
                return flowCollectionEnd()
            case .key:
                state = .flowSequenceEntryMappingKey
                scanner.skipToken()
                return .collectionStart(anchor: nil)
            default:
                return try node(then: .flowSequenceEntry, block: false)
            }
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
            switch try flowEntryStart(first: first, end: .flowMappingEnd).kind {
            case .flowMappingEnd:
                return flowCollectionEnd()
            case .key:
                scanner.skipToken()
                switch try scanner.peek().kind {
                case .value, .flowEntry, .flowMappingEnd:
                    state = .flowMappingValue
                    return .scalar(anchor: nil)
                default:
                    return try node(then: .flowMappingValue, block: false)
                }
            default:
                return try node(then: .flowMappingEmptyValue, block: false)
            }
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
