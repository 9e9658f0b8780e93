/// What ``BoundedYAML`` must know before Yams composes a text: whether an alias sits inside a mapping
/// key (Yams composes an alias as the anchored node itself, O(1), but hashes every key whole to find
/// duplicates, so `? *bomb` costs what the bomb expands to), how many aliases there are, and a lower
/// bound of the nodes written. It follows libyaml's scanner (as bundled with Yams) only as far as keys
/// need: one-line simple keys, the block indentation stack, flow levels, and scalars as spans. Past a
/// point where libyaml's scanner fails, what the scan does is moot (composing fails there, before any
/// mapping holding what follows is complete), so it refuses nothing libyaml takes and may read more
/// keys than libyaml would (one over 1,024 characters, a tab where libyaml wants a space). Linear, no
/// recursion; the tests hold it to Yams' own composition.
struct YAMLKeyScan {
    typealias Position = (line: Int, column: Int)
    /// Aliases found; scalars and flow collections written, and entries (`-`, `?`, a keyless `:`).
    private(set) var aliases = 0, written = 0, entries = 0
    /// A lower bound of the nodes Yams composes, aliases not counted.
    var nodes: Int { max(written, entries - aliases) }
    /// The first alias inside a mapping key (line and column from 1, in characters).
    private(set) var aliasInKey: Position?

    /// A flow collection being read: whether it is a mapping, whether its current entry is past `:`
    /// or began with `?`, the first alias in the entry's key, and the first alias anywhere in it.
    private struct Frame {
        var mapping: Bool, value = false, explicit = false
        var keyAlias: Position?, alias: Position?
    }

    private let bytes: [UInt8]
    /// The position: bytes, lines, and characters on the line (libyaml's marks).
    private var index = 0, line = 0, column = 0
    /// Block context: libyaml's indentation stack, whether a simple key may start, the column of a `?`
    /// whose key is being read, and the possible simple key (with the first alias inside it).
    private var (indents, keyAllowed, explicitKey): ([Int], Bool, Int?) = ([], true, nil)
    private var key: (line: Int, column: Int, alias: Position?)?
    private var frames: [Frame] = []

    /// Scans `text`, stopping at the first alias inside a key.
    init(_ text: String) {
        bytes = Array(text.utf8)
        while aliasInKey == nil {
            skipToToken()
            guard index < bytes.count, fetch() else { break }
        }
    }

    /// libyaml's `IS_ALPHA` (anchor names, tag handles), and membership in a set of ASCII characters.
    private static func isAlpha(_ byte: UInt8) -> Bool {
        contains("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-", byte)
    }

    private static func contains(_ set: StaticString, _ byte: UInt8) -> Bool { byte != 0 && set.withUTF8Buffer { $0.contains(byte) } }
    private func at(_ offset: Int = 0) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
    /// The length of the line break at `offset` (`\r\n`, `\r`, `\n`, NEL, LS, PS), or 0.
    private func breakLength(_ offset: Int = 0) -> Int {
        switch (at(offset), at(offset + 1), at(offset + 2)) {
        case (0x0D, 0x0A, _), (0xC2, 0x85, _): 2
        case (0x0A, _, _), (0x0D, _, _): 1
        case (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9): 3
        default: 0
        }
    }

    private func isBlank(_ offset: Int = 0) -> Bool { at(offset) == 0x20 || at(offset) == 0x09 }
    private func isBlankZ(_ offset: Int = 0) -> Bool { isBlank(offset) || breakLength(offset) > 0 || index + offset >= bytes.count }
    private func isDocumentMarker() -> Bool {
        column == 0 && (at() == 0x2D || at() == 0x2E) && at(1) == at() && at(2) == at() && isBlankZ(3)
    }

    private mutating func step() {
        column += bytes[index] & 0xC0 != 0x80 ? 1 : 0
        index += 1
    }

    private mutating func newline() { (index, line, column) = (index + breakLength(), line + 1, 0) }
    private mutating func skipLine() { while index < bytes.count, breakLength() == 0 { step() } }

    /// Skips spaces (tabs where libyaml does), comments and line breaks, and a BOM at a line's start.
    private mutating func skipToToken() {
        while index < bytes.count {
            if column == 0, at() == 0xEF, at(1) == 0xBB, at(2) == 0xBF { index += 3 }
            while isBlank() { step() }
            if at() == 0x23 { skipLine() }
            guard breakLength() > 0 else { return }
            newline()
            if frames.isEmpty { keyAllowed = true }
        }
    }

    /// Reads one token; false where libyaml's scanner fails (or an alias was found inside a key).
    private mutating func fetch() -> Bool {
        if key?.line != line { key = nil }
        let byte = at()
        if frames.isEmpty {
            while let top = indents.last, top > column { indents.removeLast() }
            if let open = explicitKey, column <= open { explicitKey = nil }
        }
        if column == 0, byte == 0x25 || isDocumentMarker() {  // a directive, `---` or `...`
            (indents, key, keyAllowed, explicitKey) = ([], nil, false, nil)
            if byte == 0x25 { skipLine() } else { (index, column) = (index + 3, 3) }
            return true
        }
        let last = frames.count - 1
        switch byte {
        case 0x5B, 0x7B:  // [ {
            startNode(counted: true)
            frames.append(Frame(mapping: byte == 0x7B))
            keyAllowed = true
        case 0x5D, 0x7D, 0x2C:  // ] } ,
            guard last >= 0 else { return false }
            if let alias = frames[last].keyAlias, !frames[last].value, frames[last].mapping || frames[last].explicit {
                aliasInKey = alias  // an entry without `:` in a mapping (or after `?`) is a key
            }
            (frames[last].value, frames[last].explicit, frames[last].keyAlias) = (false, false, nil)
            if byte != 0x2C, let alias = frames.removeLast().alias { markAlias(alias) }
            keyAllowed = byte == 0x2C
        case 0x2D where isBlankZ(1), 0x3F where isBlankZ(1) || last >= 0:  // - ?
            entries += 1
            if last >= 0 {
                frames[last].explicit = true
            } else {
                roll(column)
                if byte == 0x3F { explicitKey = min(explicitKey ?? column, column) }
                key = nil
            }
            keyAllowed = true
        case 0x3A where isBlankZ(1) || last >= 0:  // :
            if last >= 0 {
                if !frames[last].value, let alias = frames[last].keyAlias { aliasInKey = alias }
                (frames[last].value, keyAllowed) = (true, false)
            } else if let simple = key {
                if let alias = simple.alias { aliasInKey = alias }
                roll(simple.column)
                (key, keyAllowed) = (nil, false)
            } else {
                roll(column)
                entries += 1
            }
        case 0x2A, 0x26:  // * &
            startNode(counted: false)
            let start = (line + 1, column + 1)
            step()
            let name = index
            while Self.isAlpha(at()) { step() }
            guard index > name, isBlankZ() || Self.contains("?:,]}%@`", at()) else { return false }
            aliases += byte == 0x2A ? 1 : 0
            if byte == 0x2A { markAlias(start) }
            return aliasInKey == nil
        case 0x21:  // a tag: `!handle!suffix`, or `!<verbatim>` (where `,[]` are part of it)
            startNode(counted: false)
            let verbatim = at(1) == 0x3C
            step()
            while verbatim ? at() != 0x3E && !isBlankZ() : Self.isAlpha(at()) || Self.contains(";/?:@&=+$.%!~*'()", at()) { step() }
            if !verbatim || at() != 0x3E { return true }
        case 0x7C where last < 0, 0x3E where last < 0:  // | >
            (key, keyAllowed, written) = (nil, true, written + 1)
            return blockScalar()
        case 0x27, 0x22:  // ' "
            startNode(counted: true)
            return quoted(single: byte == 0x27)
        default:  // a plain scalar (or a character libyaml refuses)
            startNode(counted: true)
            return plain()
        }
        step()
        return aliasInKey == nil
    }

    /// A node starts: libyaml saves a possible simple key here when one may start.
    private mutating func startNode(counted: Bool) {
        if keyAllowed, frames.isEmpty { key = (line, column, nil) }
        (keyAllowed, written) = (false, written + (counted ? 1 : 0))
    }

    private mutating func roll(_ column: Int) { if (indents.last ?? -1) < column { indents.append(column) } }

    /// An alias (or a flow collection holding one) at `position`: inside a key when it is in the
    /// current flow entry's key, in a block simple key, or below a `?`.
    private mutating func markAlias(_ position: Position) {
        guard let last = frames.indices.last else {
            if explicitKey != nil { aliasInKey = position }
            if key != nil, key?.alias == nil { key?.alias = position }
            return
        }
        if frames[last].alias == nil { frames[last].alias = position }
        if !frames[last].value, frames[last].keyAlias == nil { frames[last].keyAlias = position }
    }

    private mutating func quoted(single: Bool) -> Bool {
        step()
        while index < bytes.count, !isDocumentMarker() {
            if at() == (single ? 0x27 : 0x22) {
                step()
                guard single, at() == 0x27 else { return true }  // `''` is a quote in single quotes
            } else if !single, at() == 0x5C {
                step()  // the escaped character follows
                guard index < bytes.count else { return false }
            }
            if breakLength() > 0 { newline() } else { step() }
        }
        return false
    }

    /// A plain scalar, with its continuation lines (more indented than the block, or in a flow).
    private mutating func plain() -> Bool {
        let (indent, inFlow) = ((indents.last ?? -1) + 1, !frames.isEmpty)
        var leadingBlanks = false
        while !isDocumentMarker(), at() != 0x23 {
            while index < bytes.count, !isBlankZ() {
                if (at() == 0x3A && isBlankZ(1)) || (inFlow && Self.contains(",[]{}", at())) { break }
                step()
            }
            guard isBlank() || breakLength() > 0 else { break }
            while isBlank() || breakLength() > 0 {
                leadingBlanks = leadingBlanks || breakLength() > 0
                if breakLength() > 0 { newline() } else { step() }
            }
            if !inFlow, column < indent { break }
        }
        if leadingBlanks, !inFlow { keyAllowed = true }
        return true
    }

    /// A block scalar: its header, then every line indented at least as its content (libyaml's rule:
    /// an explicit indentation, else the first non-empty line's, at least the block's plus 1).
    private mutating func blockScalar() -> Bool {
        step()
        var increment = 0
        while Self.contains("+-123456789", at()) {
            increment = at() > 0x30 ? Int(at() - 0x30) : increment
            step()
        }
        skipLine()  // blanks and a comment (anything else, libyaml refuses)
        let parent = indents.last ?? -1
        var (indent, widest) = (increment == 0 ? 0 : (parent >= 0 ? parent + increment : increment), 0)
        while breakLength() > 0 {
            newline()
            var spaces = 0
            while at(spaces) == 0x20 { spaces += 1 }
            if breakLength(spaces) > 0 || index + spaces >= bytes.count {
                if indent == 0 { widest = max(widest, spaces) }
                (index, column) = (index + spaces, spaces)
                continue
            }
            if indent == 0 { indent = max(widest, spaces, parent + 1, 1) }
            guard spaces >= indent else { return true }
            skipLine()
        }
        return true
    }
}
