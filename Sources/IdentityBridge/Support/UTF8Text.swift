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
}
