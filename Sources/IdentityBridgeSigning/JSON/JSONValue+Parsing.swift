#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Why a JSON text could not be parsed.
package struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset where parsing stopped.
    package var offset: Int
    /// What was wrong there.
    package var reason: String
    /// `reason at byte offset`.
    package var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// Parses JSON text strictly (RFC 8259): one value, no trailing data, valid UTF-8, and, when
    /// `rejectDuplicateKeys` is set, no key twice in one object.
    package static func parse(_ text: String, rejectDuplicateKeys: Bool = true) throws(JSONParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8), rejectDuplicateKeys: rejectDuplicateKeys)
    }

    /// Parses JSON from UTF-8 bytes; see ``parse(_:rejectDuplicateKeys:)``.
    package static func parse(bytes: [UInt8], rejectDuplicateKeys: Bool = true) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { parse(buffer: $0, rejectDuplicateKeys: rejectDuplicateKeys) }
        return try result.get()
    }

    /// Parses JSON from a buffer of UTF-8 bytes (no copy of the input is made).
    static func parse(buffer: UnsafeBufferPointer<UInt8>, rejectDuplicateKeys: Bool) -> Result<JSONValue, JSONParseError> {
        var parser = JSONByteParser(bytes: buffer, rejectDuplicateKeys: rejectDuplicateKeys)
        do throws(JSONParseError) {
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.error("trailing data after the JSON value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// Parses a JSON object from a buffer of UTF-8 bytes into its members in document order
    /// (duplicate keys rejected); `nil` result when the text is valid JSON but not an object.
    static func parseObjectMembers(
        buffer: UnsafeBufferPointer<UInt8>, keyTable: JSONKeyTable? = nil
    ) -> Result<[JSONMember]?, JSONParseError> {
        var parser = JSONByteParser(bytes: buffer, rejectDuplicateKeys: true, keyTable: keyTable)
        do throws(JSONParseError) {
            parser.skipWhitespace()
            guard parser.index < buffer.count, buffer[parser.index] == UInt8(ascii: "{") else {
                _ = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.error("trailing data after the JSON value") }
                return .success(nil)
            }
            let members = try parser.parseMemberList(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.error("trailing data after the JSON value") }
            return .success(members)
        } catch {
            return .failure(error)
        }
    }
}

/// One member of a JSON object, as parsed.
@usableFromInline
struct JSONMember: Sendable {
    @usableFromInline var key: String
    @usableFromInline var value: JSONValue

    @usableFromInline
    init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension [JSONMember] {
    /// The value of the member `name`, or `nil`: a linear scan over the few members, no hashing.
    @inlinable
    func value(named name: String) -> JSONValue? {
        // Member names are short: comparing UTF-8 lengths first skips most full comparisons.
        let length = name.utf8.count
        return withUnsafeBufferPointer { buffer in
            for i in buffer.indices where buffer[i].key.utf8.count == length && buffer[i].key == name { return buffer[i].value }
            return nil
        }
    }

    /// The members as a dictionary.
    var dictionary: [String: JSONValue] {
        var dictionary = [String: JSONValue](minimumCapacity: count)
        for member in self { dictionary[member.key] = member.value }
        return dictionary
    }
}

/// A small recursive-descent JSON parser over UTF-8 bytes (an unsafe view of the caller's buffer).
struct JSONByteParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let rejectDuplicateKeys: Bool
    var index = 0
    /// Member names recognized without decoding (``parseMemberList(depth:)`` only), if any.
    let keyTable: JSONKeyTable?
    static let maxDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>, rejectDuplicateKeys: Bool, keyTable: JSONKeyTable? = nil) {
        self.bytes = bytes
        self.rejectDuplicateKeys = rejectDuplicateKeys
        self.keyTable = keyTable
    }

    func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    mutating func expect(_ literal: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("invalid literal") }
            index += 1
        }
        return value
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth)") }
        guard index < bytes.count else { throw error("unexpected end of JSON") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        .object(try parseObjectMembers(depth: depth))
    }

    mutating func parseObjectMembers(depth: Int) throws(JSONParseError) -> [String: JSONValue] {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return [:]
        }
        var object = [String: JSONValue](minimumCapacity: 8)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            if object.updateValue(value, forKey: key) != nil, rejectDuplicateKeys {
                throw JSONParseError(offset: keyOffset, reason: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return object
            }
            throw error("expected ',' or '}'")
        }
    }

    /// An object's members in document order, duplicates rejected (linear checks for small
    /// objects, a set beyond 16 members). For JWT claims: no hashing on the hot path, and names in
    /// the parser's ``JSONKeyTable`` are matched without decoding (see its threshold).
    mutating func parseMemberList(depth: Int) throws(JSONParseError) -> [JSONMember] {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return []
        }
        var members: [JSONMember] = []
        members.reserveCapacity(8)
        var seen: Set<String>? = nil
        // Table names seen so far, one bit per name; while every key so far is a table name
        // written plainly, a duplicate is exactly a repeated bit.
        var knownSeen: UInt32 = 0
        var allKnown = true
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = index
            let (key, known) = try parseKey()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            var duplicate = false
            if allKnown, known >= 0 {
                duplicate = knownSeen & (1 << UInt32(known)) != 0
                knownSeen |= 1 << UInt32(known)
            } else {
                allKnown = false
                if seen == nil {
                    let length = key.utf8.count
                    for member in members where member.key.utf8.count == length && member.key == key {
                        duplicate = true
                        break
                    }
                    if members.count == 16 { seen = Set(members.map(\.key)) }
                }
                if var set = seen {
                    seen = nil
                    duplicate = !set.insert(key).inserted || duplicate
                    seen = set
                }
            }
            if duplicate { throw JSONParseError(offset: keyOffset, reason: "duplicate key \"\(key)\"") }
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            throw error("expected ',' or '}'")
        }
    }

    /// A mask with the high bit set in every byte of `word` (little-endian) that is a quote, a
    /// backslash or a control character. The lowest set bit is exact (higher ones can be false
    /// positives), so `trailingZeroBitCount / 8` is the first such byte.
    @inline(__always)
    static func escapeBytes(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let control = (word &- 0x2020_2020_2020_2020) & ~word
        let q = word ^ 0x2222_2222_2222_2222
        let quote = (q &- ones) & ~q
        let b = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let backslash = (b &- ones) & ~b
        return (control | quote | backslash) & high
    }

    /// ``escapeBytes(_:)`` plus every non-ASCII byte.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        escapeBytes(word) | word & 0x8080_8080_8080_8080
    }

    /// Eight bytes from `offset` as a little-endian word (byte `offset` in the low bits).
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// A member name and its index in the key table when the bytes are exactly one of its names
    /// (no escapes), else ``parseString()`` and -1.
    mutating func parseKey() throws(JSONParseError) -> (String, Int) {
        guard let keyTable else { return (try parseString(), -1) }
        let start = index + 1
        var length = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
        if start + 16 <= bytes.count {
            // Two word loads find the end of a short plain name and pack it at once.
            let w0 = word(at: start)
            let w1 = word(at: start + 8)
            let s0 = Self.specialBytes(w0)
            let s1 = Self.specialBytes(w1)
            let plain = s0 != 0 ? s0.trailingZeroBitCount / 8 : s1 != 0 ? 8 + s1.trailingZeroBitCount / 8 : 16
            if plain <= 15, bytes[start + plain] == UInt8(ascii: "\"") {
                length = plain
                low = plain >= 8 ? w0 : w0 & ((1 << UInt64(8 * plain)) &- 1)
                high = plain <= 8 ? 0 : w1 & ((1 << UInt64(8 * (plain - 8))) &- 1)
            }
        } else {
            var end = start
            // Table names are plain ASCII without escapes, at most 15 bytes.
            while end < bytes.count, end - start <= 15 {
                let c = bytes[end]
                if c == UInt8(ascii: "\"") {
                    length = end - start
                    break
                }
                if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
                let j = end - start
                if j < 8 { low |= UInt64(c) << UInt64(8 * j) } else if j < 15 { high |= UInt64(c) << UInt64(8 * (j - 8)) }
                end += 1
            }
        }
        if length >= 0 {
            let known = keyTable.index(low: low, high: high, length: length)
            if known >= 0 {
                index = start + length + 1
                return (keyTable.names[known], known)
            }
        }
        return (try parseString(), -1)
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(array)
        }
        while true {
            skipWhitespace()
            array.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            throw error("expected ',' or ']'")
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        // Fast path: no escape before the closing quote; validate the run and make the String directly.
        let start = index
        var scan = index
        var seen: UInt8 = 0
        // Eight bytes at a time up to the first quote, backslash or control byte, noting non-ASCII.
        while scan + 8 <= bytes.count {
            let w = word(at: scan)
            let stop = Self.escapeBytes(w)
            if stop != 0 {
                let plain = stop.trailingZeroBitCount / 8
                if plain > 0, w & (UInt64.max >> UInt64(64 - 8 * plain)) & 0x8080_8080_8080_8080 != 0 { seen = 0x80 }
                scan += plain
                break
            }
            if w & 0x8080_8080_8080_8080 != 0 { seen = 0x80 }
            scan += 8
        }
        while scan < bytes.count {
            let c = bytes[scan]
            if c == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[start..<scan])
                // ASCII needs no validation; anything else must be well-formed UTF-8 (String(decoding:) would repair it).
                if seen >= 0x80, !Self.isValidUTF8(run) {
                    index = start
                    throw error("invalid UTF-8 in string")
                }
                index = scan + 1
                return String(decoding: run, as: UTF8.self)
            }
            seen |= c
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 {
                index = scan
                throw error("control character in string")
            }
            scan += 1
        }
        var out: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if c < 0x20 { throw error("control character in string") }
            if c != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            out.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("unpaired surrogate in \\u escape")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid unicode scalar") }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default: throw error("invalid escape")
            }
            runStart = index
        }
        guard out.withUnsafeBufferPointer({ Self.isValidUTF8($0) }) else { throw error("invalid UTF-8 in string") }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `bytes` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
    /// above U+10FFFF). ASCII runs are checked eight bytes at a time.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var i = 0
        while i < count {
            if i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let b0 = base[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            func continuation(_ k: Int) -> Bool { i + k < count && base[i + k] & 0xC0 == 0x80 }
            switch b0 {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                i += 2
            case 0xE0...0xEF:
                guard continuation(1), continuation(2) else { return false }
                let b1 = base[i + 1]
                if b0 == 0xE0 && b1 < 0xA0 { return false }  // overlong
                if b0 == 0xED && b1 > 0x9F { return false }  // surrogates
                i += 3
            case 0xF0...0xF4:
                guard continuation(1), continuation(2), continuation(3) else { return false }
                let b1 = base[i + 1]
                if b0 == 0xF0 && b1 < 0x90 { return false }  // overlong
                if b0 == 0xF4 && b1 > 0x8F { return false }  // above U+10FFFF
                i += 4
            default:
                return false
            }
        }
        return true
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isIntegral = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("invalid number")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("leading zero in number")
            }
        } else {
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isIntegral = false
            index += 1
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw error("digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isIntegral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw error("digits expected in exponent") }
        }
        if isIntegral, index - start <= 19 {
            var negative = false
            var i = start
            if bytes[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            var magnitude: UInt64 = 0
            while i < index {
                magnitude = magnitude &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
                i += 1
            }
            // At most 19 characters: at most 19 digits, so no UInt64 overflow.
            if negative {
                if magnitude <= UInt64(Int64.max) + 1 { return .int(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)) }
            } else if magnitude <= UInt64(Int64.max) {
                return .int(Int64(magnitude))
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isIntegral, let int = Int64(text) { return .int(int) }
        // Double(_:) gives ±infinity for an exponent past its range; JSON has no infinity (nor does its writer).
        guard let double = Double(text), double.isFinite else { throw error("number out of range") }
        return .double(double)
    }
}
