/// The version of this package, as `identityctl --version` prints it and CHANGELOG.md lists it.
public enum IdentityBridgeVersion {
    /// The semantic version, e.g. `0.3.0`.
    public static let current = "0.3.0"
}
