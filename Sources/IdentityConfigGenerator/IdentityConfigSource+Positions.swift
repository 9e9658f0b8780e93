internal import Yams

/// Where app names and provider instance names sit in a configuration's YAML text, so a name
/// that collides as a Swift identifier is reported at its line and column. (The text already
/// loaded, so it parses; when it does not, every position falls back to 1:1.)
struct NamePositions {
    private let apps: [String: (line: Int, column: Int)]
    private let instances: [String: [(line: Int, column: Int)]]

    init(yaml: String) {
        var apps: [String: (line: Int, column: Int)] = [:]
        var instances: [String: [(line: Int, column: Int)]] = [:]
        let root = (try? Yams.compose(yaml: yaml)) ?? nil
        for (key, value) in root?["apps"]?.mapping ?? [:] {
            guard let name = key.string, apps[name] == nil else { continue }
            apps[name] = Self.position(key.mark)
            guard case .sequence(let providers)? = value["providers"] else { continue }
            instances[name] = providers.map { Self.position(($0["name"] ?? $0["kind"] ?? $0).mark) }
        }
        self.apps = apps
        self.instances = instances
    }

    private static func position(_ mark: Mark?) -> (line: Int, column: Int) { (mark?.line ?? 1, mark?.column ?? 1) }

    /// The app's key under `apps:`.
    func app(_ name: String) -> (line: Int, column: Int) { apps[name] ?? (1, 1) }

    /// The provider's `name:` value, else its `kind:` value.
    func instance(app: String, index: Int) -> (line: Int, column: Int)? {
        guard let list = instances[app], list.indices.contains(index) else { return nil }
        return list[index]
    }
}
