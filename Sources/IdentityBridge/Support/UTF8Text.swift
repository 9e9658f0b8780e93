/// Byte-level text checks shared by the adapters' input rules (the credential hot path reads
/// UTF-8 bytes in place instead of walking `Character`s).
public enum UTF8Text {
    /// Calls `body` with `text`'s UTF-8 bytes (in place for native strings).
    @inlinable
    public static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Whether every byte is ASCII.
    @inlinable
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// Whether `text` has a character of general category Cc (U+0000-U+001F, U+007F-U+009F),
    /// read straight from its UTF-8 bytes (U+0080-U+009F are C2 80 - C2 9F).
    public static func hasControlCharacter(_ text: String) -> Bool {
        withUTF8(text) { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
                index += 1
            }
            return false
        }
    }

    /// Whether `domain` (the bytes after an email's `@`) is at least two dot-separated labels:
    /// it neither starts nor ends with a dot, has no empty label, and has at least one dot.
    public static func isDottedDomain(_ domain: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = domain.first, let last = domain.last, first != UInt8(ascii: "."), last != UInt8(ascii: ".") else { return false }
        var dots = 0
        var previous: UInt8 = 0
        for byte in domain {
            if byte == UInt8(ascii: ".") {
                if previous == byte { return false }
                dots += 1
            }
            previous = byte
        }
        return dots > 0
    }

    /// What one pass over an all-ASCII email address finds; each vendor's rule is a few compares
    /// on it (see ``asciiEmailShape(_:)``).
    public struct ASCIIEmailShape: Sendable, Equatable {
        /// The length in bytes (in ASCII, also in characters).
        public var count = 0
        /// How many `@` the address has, and the index of the first (-1 when none).
        public var atCount = 0
        public var firstAt = -1
        /// Whether it has ASCII whitespace: HT, LF, VT, FF, CR or space.
        public var hasWhitespace = false
        /// Whether it has another control character: the rest of C0, or DEL.
        public var hasOtherControl = false
        /// Whether the bytes after the first `@` are a dotted domain (``isDottedDomain(_:)``).
        public var hasDottedDomain = false

        /// A shape with the given findings (the defaults describe the empty string).
        public init(
            count: Int = 0, atCount: Int = 0, firstAt: Int = -1, hasWhitespace: Bool = false, hasOtherControl: Bool = false,
            hasDottedDomain: Bool = false
        ) {
            self.count = count
            self.atCount = atCount
            self.firstAt = firstAt
            self.hasWhitespace = hasWhitespace
            self.hasOtherControl = hasOtherControl
            self.hasDottedDomain = hasDottedDomain
        }
    }

    /// The shape of `bytes` read as an email address in one pass, or `nil` when a byte is not ASCII
    /// (the caller then applies its rule on `Character`s).
    public static func asciiEmailShape(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIEmailShape? {
        var shape = ASCIIEmailShape(count: bytes.count)
        var dots = 0
        var doubleDot = false
        var previous: UInt8 = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte <= 0x20 || byte == 0x7F {
                if byte == 0x20 || (0x09...0x0D).contains(byte) { shape.hasWhitespace = true } else { shape.hasOtherControl = true }
            }
            if byte == UInt8(ascii: "@") {
                shape.atCount += 1
                if shape.firstAt < 0 {
                    shape.firstAt = index
                    continue
                }
            }
            if shape.firstAt >= 0 {
                if byte == UInt8(ascii: ".") {
                    if previous == byte { doubleDot = true }
                    dots += 1
                }
                previous = byte
            }
        }
        let at = shape.firstAt
        shape.hasDottedDomain = at >= 0 && at + 1 < bytes.count && bytes[at + 1] != UInt8(ascii: ".")
            && bytes[bytes.count - 1] != UInt8(ascii: ".") && !doubleDot && dots > 0
        return shape
    }
}
