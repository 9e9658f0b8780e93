/// The token service's credentials answer, the object `identityctl token` prints and the test kit's
/// `SimulatedTokenService` answers (`{"app":…,"credential":…,"kind":…,"provider":…}`, keys in the
/// sorted order `JSONValue` writes), with everything around the credential serialized once per instance.
package struct CredentialAnswer: Sendable {
    /// `{"app":…,"credential":`
    let prefix: [UInt8]
    /// `,"kind":…,"provider":…}`
    let suffix: [UInt8]

    /// The framing of app `app`'s instance `reference`.
    package init(app: String, reference: ProviderReference) {
        var prefix = Array(#"{"app":"#.utf8)
        JSONValue.writeString(app, into: &prefix)
        prefix += #","credential":"#.utf8
        var suffix = Array(#","kind":"#.utf8)
        JSONValue.writeString(reference.kind.rawValue, into: &suffix)
        suffix += #","provider":"#.utf8
        JSONValue.writeString(reference.name, into: &suffix)
        suffix.append(UInt8(ascii: "}"))
        self.prefix = prefix
        self.suffix = suffix
    }

    /// The answer's bytes for `credential`.
    package func bytes(for credential: Credential) -> [UInt8] {
        var out = prefix
        out.reserveCapacity(prefix.count + suffix.count + 256)
        credential.writeJSON(into: &out)
        out += suffix
        return out
    }
}
