/// Turns configuration names (`zendesk-chat`, `my.app`, `2fa`, `default`) into Swift identifiers,
/// deterministically: the same name always gives the same identifier.
package enum SwiftIdentifier {
    /// The lower camel case identifier of `name`, ready to declare and to use after a dot:
    /// words split at every character other than an ASCII letter or digit (`-`, `_`, `.`, spaces,
    /// non-ASCII), the first word lowercased (`HTTP-server` → `httpServer`, `MyApp` → `myApp`), the
    /// others capitalized; `_` before a leading digit (`2fa` → `_2fa`); a keyword in backticks
    /// (`` `default` ``) or, for the names a dot cannot reach even in backticks, with `_` after
    /// (`self_`, `init_`). `nil` when the name has no ASCII letter or digit.
    package static func make(_ name: String) -> String? {
        let words = name.unicodeScalars.split { !isASCIIAlphanumeric($0) }.map { String(String.UnicodeScalarView($0)) }
        guard let first = words.first else { return nil }
        let identifier = lowercasedFirstWord(first) + words.dropFirst().map(capitalized).joined()
        if let digit = identifier.unicodeScalars.first, ("0"..."9").contains(digit) { return "_" + identifier }
        if memberReserved.contains(identifier) { return identifier + "_" }
        if keywords.contains(identifier) { return "`\(identifier)`" }
        return identifier
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// `myApp` from `MyApp`, `http` from `HTTP`, `httpServer` from `HTTPServer`.
    private static func lowercasedFirstWord(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var upper = 0
        while upper < scalars.count, ("A"..."Z").contains(scalars[upper]) { upper += 1 }
        // Keep the last capital of a run when a lowercase word follows it (HTTPServer → httpServer).
        let lowered = upper > 1 && upper < scalars.count && ("a"..."z").contains(scalars[upper]) ? upper - 1 : upper
        return String(word.prefix(lowered)).lowercased() + String(word.dropFirst(lowered))
    }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// Names that `Type.name` cannot reach even in backticks (the metatype, initializers, ...).
    static let memberReserved: Set<String> = ["self", "init", "deinit", "subscript"]

    /// Swift's reserved words that start with a lowercase letter (identifiers made here never start
    /// with a capital): declarations, statements, expressions and types.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try", "package", "any", "some",
    ]
}
