/// The plugins available to a configuration, keyed by kind. A plain value: build one, pass it
/// explicitly; there is no process-wide registry to bootstrap.
///
/// ```swift
/// var registry = ProviderRegistry()
/// registry.register(HelpshiftPlugin())
/// registry.register(MyVendorPlugin())        // a third-party kind
/// let configuration = try ConfigurationLoader(registry: registry).load(path: "identity.yaml")
/// ```
public struct ProviderRegistry: Sendable {
    private var plugins: [ProviderKind: any ProviderPlugin] = [:]

    /// Creates a registry holding `plugins`. A later plugin of the same kind replaces an earlier one.
    public init(_ plugins: [any ProviderPlugin] = []) {
        for plugin in plugins { register(plugin) }
    }

    /// Adds `plugin` under its kind, replacing any plugin already registered for that kind.
    public mutating func register(_ plugin: any ProviderPlugin) {
        plugins[plugin.kind] = plugin
    }

    /// The plugin for `kind`, if registered.
    public func plugin(for kind: ProviderKind) -> (any ProviderPlugin)? { plugins[kind] }

    /// Every registered kind, sorted.
    public var kinds: [ProviderKind] { plugins.keys.sorted() }
}
