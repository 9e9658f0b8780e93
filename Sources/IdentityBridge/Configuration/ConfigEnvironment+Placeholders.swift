extension ConfigEnvironment {
    /// Checks a configuration's shape without its values, e.g. at build time, where the
    /// deployment's variables and secret files do not exist: no variable is set, every `${VAR}`
    /// without a `:-default` stands for `placeholder(for:)`, and every `*_file:` secret reads as
    /// the placeholder of its path without touching the disk. `:-default` values are used and checked
    /// as written (they are what an unset variable gives at run time).
    ///
    /// Every other rule (keys, types, choices, durations, references' syntax) is checked as usual.
    public static var placeholders: ConfigEnvironment {
        var environment = ConfigEnvironment(variables: [:]) { path in placeholder(for: path) }
        environment.unsetVariable = { name in placeholder(for: name) }
        return environment
    }

    /// A value of valid shape standing for an unknown one: printable ASCII (letters, digits, `_`),
    /// at least 48 bytes (longer than any minimum secret length), the same for the same name and
    /// distinct for different names, e.g. `identity_placeholder_<16 hex digits>_CHAT_SECRET`.
    package static func placeholder(for name: String) -> String {
        // FNV-1a 64 over the UTF-8 bytes: deterministic across runs and platforms (unlike Hasher).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let readable = String(
            name.unicodeScalars.prefix(64).map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? Character(scalar) : "_"
            })
        let padding = String(repeating: "_", count: max(0, 10 - readable.count))
        return "identity_placeholder_" + String(repeating: "0", count: 16 - hex.count) + hex + "_" + readable + padding
    }
}
