extension ConfigDiagnostic {
    /// The most characters of a value a diagnostic repeats.
    package static let maxQuotedCharacters = 40

    /// The most characters of a path a diagnostic repeats (Linux's `PATH_MAX`).
    package static let maxQuotedPathCharacters = 4096

    /// `value` in single quotes for a message, cut to its first `limit` characters (then ending
    /// in `…`): a message never repeats an unbounded value, such as a 250 KB key.
    ///
    /// ```swift
    /// "unknown key \(ConfigDiagnostic.quoted(name))"   // unknown key 'aaaaaaaa…'
    /// ```
    package static func quoted(_ value: some StringProtocol, limit: Int = maxQuotedCharacters) -> String {
        var prefix = ""
        var count = 0
        for character in value {
            if count == limit { return "'\(prefix)…'" }
            prefix.append(character)
            count += 1
        }
        return "'\(prefix)'"
    }

    /// A path in single quotes for a message, cut to `maxQuotedPathCharacters`.
    package static func quotedPath(_ path: some StringProtocol) -> String { quoted(path, limit: maxQuotedPathCharacters) }
}
