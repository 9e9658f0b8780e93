/// Byte-level text checks shared by the adapters' input rules (the credential hot path reads
/// UTF-8 bytes in place instead of walking `Character`s).
package enum UTF8Text {
    /// Calls `body` with `text`'s UTF-8 bytes (in place for native strings).
    @inlinable
    package static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// The shape of `text` read as an email address (``asciiEmailShape(_:)`` on its UTF-8 bytes).
    ///
    /// Not generic and not `@inlinable` on purpose: a sibling module calling the generic
    /// ``withUTF8(_:_:)`` across this module boundary got it unspecialized, with a generic-metadata
    /// lookup per call (`identity-bench --profile chat.verify`, 2026-11-25: chat.verify at 0.83x and
    /// support.verify at 0.91x of their rate before the fence). Specialized here, it is one call.
    package static func asciiEmailShape(of text: String) -> ASCIIEmailShape? {
        withUTF8(text, asciiEmailShape)
    }

    /// Whether `text` has a byte <= 0x20 (space or C0 control) or 0x7F, or `nil` when it is not all
    /// ASCII (the caller then applies its rule on Unicode scalars). Not generic, for the reason
    /// given at ``asciiEmailShape(of:)``.
    package static func asciiHasSpaceOrControl(_ text: String) -> Bool? {
        withUTF8(text) { bytes -> Bool? in
            guard isASCII(bytes) else { return nil }
            return bytes.contains { $0 <= 0x20 || $0 == 0x7F }
        }
    }

    /// Whether every byte is ASCII.
    @inlinable
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// Whether `text` has a character of general category Cc (U+0000-U+001F, U+007F-U+009F),
    /// read straight from its UTF-8 bytes (U+0080-U+009F are C2 80 - C2 9F).
    @inlinable
    package static func hasControlCharacter(_ text: String) -> Bool {
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
    @inlinable
    package static func isDottedDomain(_ domain: UnsafeBufferPointer<UInt8>) -> Bool {
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
    package struct ASCIIEmailShape: Sendable, Equatable {
        /// The length in bytes (in ASCII, also in characters).
        package var count = 0
        /// How many `@` the address has, and the index of the first (-1 when none).
        package var atCount = 0
        package var firstAt = -1
        /// Whether it has ASCII whitespace: HT, LF, VT, FF, CR or space.
        package var hasWhitespace = false
        /// Whether it has another control character: the rest of C0, or DEL.
        package var hasOtherControl = false
        /// Whether the bytes after the first `@` are a dotted domain (``isDottedDomain(_:)``).
        package var hasDottedDomain = false

        /// A shape with the given findings (the defaults describe the empty string).
        @inlinable
        package init(
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

    /// Byte classes for ``asciiEmailShape(_:)``: 0 for the common case, else flags.
    static let emailWhitespace: UInt8 = 1
    static let emailControl: UInt8 = 2
    static let emailAt: UInt8 = 4
    static let emailNonASCII: UInt8 = 8
    static let emailByteClasses: [UInt8] = (0..<256).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x20, 0x09...0x0D: emailWhitespace
        case 0x00...0x1F, 0x7F: emailControl
        case 0x40: emailAt
        case 0x80...: emailNonASCII
        default: 0
        }
    }

    /// The shape of `bytes` read as an email address, or `nil` when a byte is not ASCII (the caller
    /// then applies its rule on `Character`s): one pass with one table lookup per byte (ordinary
    /// bytes cost one compare), then ``isDottedDomain(_:)`` over the part after the first `@`.
    @inlinable
    package static func asciiEmailShape(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIEmailShape? {
        // All state lives inside the closure (captured variables would be stored on every byte).
        let found = emailByteClasses.withUnsafeBufferPointer { classes -> (atCount: Int, firstAt: Int, flags: UInt8)? in
            var atCount = 0
            var firstAt = -1
            var flags: UInt8 = 0
            for index in 0..<bytes.count {
                let byteClass = classes[Int(bytes[index])]
                if byteClass == 0 { continue }
                if byteClass == emailNonASCII { return nil }
                flags |= byteClass
                if byteClass == emailAt {
                    atCount += 1
                    if firstAt < 0 { firstAt = index }
                }
            }
            return (atCount, firstAt, flags)
        }
        guard let (atCount, firstAt, flags) = found else { return nil }
        return ASCIIEmailShape(
            count: bytes.count, atCount: atCount, firstAt: firstAt, hasWhitespace: flags & emailWhitespace != 0,
            hasOtherControl: flags & emailControl != 0,
            hasDottedDomain: firstAt >= 0 && isDottedDomain(UnsafeBufferPointer(rebasing: bytes[(firstAt + 1)...])))
    }
}
