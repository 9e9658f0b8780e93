public import Foundation
public import Logging
internal import Yams

/// Loads and validates a YAML configuration: many apps, each with a list of provider instances
/// whose settings are validated by the plugin registered for their kind.
///
/// ```yaml
/// apps:
///   demo:
///     providers:
///       - kind: zendesk-chat
///         name: chat              # optional, defaults to the kind
///         secret: ${ZENDESK_CHAT_SECRET}
/// ```
/// Every problem is reported, not just the first, as `FILE:LINE:COLUMN: error: MESSAGE`.
public struct ConfigurationLoader: Sendable {
    /// The largest configuration file accepted.
    package static let maxFileSize = BoundedYAML.maxFileSize

    /// The plugins that validate instance settings.
    public var registry: ProviderRegistry
    /// Where secrets and `${VAR}` references are resolved.
    public var environment: ConfigEnvironment
    /// Where loads are logged: the file, app and provider counts, or the number of problems (never a value).
    public var logger: Logger

    /// Creates a loader.
    public init(
        registry: ProviderRegistry, environment: ConfigEnvironment = .process,
        logger: Logger = Logger(label: "IdentityBridge.configuration")
    ) {
        self.registry = registry
        self.environment = environment
        self.logger = logger
    }

    /// Loads the file at `path` (symbolic links followed; the opened file must be a regular file
    /// of at most `maxFileSize` bytes, and no more than that is ever read).
    public func load(path: String) throws(ConfigurationError) -> IdentityConfiguration {
        let text: String
        do {
            text = try BoundedYAML.readText(path: path, what: "configuration")
        } catch {
            var failure = error
            failure.inputs.note(path: path, contents: nil)
            throw failure
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try load(yaml: text, file: path, baseDirectory: directory.isEmpty ? "." : directory, fromPath: true)
    }

    /// Loads configuration bytes; `file` names them in diagnostics.
    public func load(data: Data, file: String, baseDirectory: String = ".") throws(ConfigurationError) -> IdentityConfiguration {
        try load(yaml: BoundedYAML.text(data, file: file, what: "configuration"), file: file, baseDirectory: baseDirectory)
    }

    /// Loads configuration text; `file` names it in diagnostics.
    public func load(yaml: String, file: String, baseDirectory: String = ".") throws(ConfigurationError) -> IdentityConfiguration {
        try load(yaml: yaml, file: file, baseDirectory: baseDirectory, fromPath: false)
    }

    /// Loads configuration text; `fromPath`: `file` is the path it was read from (an input to watch).
    private func load(yaml: String, file: String, baseDirectory: String, fromPath: Bool) throws(ConfigurationError)
        -> IdentityConfiguration
    {
        do {
            let configuration = try parse(yaml: yaml, file: file, baseDirectory: baseDirectory, fromPath: fromPath)
            logger.debug(
                "configuration loaded",
                metadata: [
                    "file": "\(file)", "apps": "\(configuration.apps.count)",
                    "providers": "\(configuration.apps.reduce(0) { $0 + $1.providers.count })",
                ])
            return configuration
        } catch {
            logger.debug("configuration refused", metadata: ["file": "\(file)", "problems": "\(error.diagnostics.count)"])
            throw error
        }
    }

    private func parse(yaml: String, file: String, baseDirectory: String, fromPath: Bool) throws(ConfigurationError)
        -> IdentityConfiguration
    {
        let collector = DiagnosticCollector(file: file)
        collector.inputs.note(path: fromPath ? file : nil, contents: yaml)
        let document: BoundedYAML.Document?
        do {
            document = try BoundedYAML.compose(yaml, file: file, what: "configuration")
        } catch {
            var failure = error
            failure.inputs = collector.inputs
            throw failure
        }
        guard let document else {
            var failure = ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: file, line: 1, column: 1, message: "configuration is empty; expected a mapping with 'apps:'.")
            ])
            failure.inputs = collector.inputs
            throw failure
        }
        for problem in document.problems { collector.report(problem.message, at: problem.mark) }
        let apps = readApps(document.root, collector: collector, baseDirectory: baseDirectory)
        let server = readServer(document.root, file: file, collector: collector)
        if !collector.diagnostics.isEmpty {
            var failure = ConfigurationError(diagnostics: collector.diagnostics)
            failure.inputs = collector.inputs
            throw failure
        }
        var configuration = IdentityConfiguration(apps: apps, file: file, developmentSecrets: collector.developmentSecrets)
        configuration.server = server
        configuration.inputs = collector.inputs
        return configuration
    }

    /// Checks a mapping's keys: reports duplicates and keys outside `allowed`.
    /// `allowExtensions` accepts keys starting with `x-` (a place to define YAML anchors).
    func checkKeys(_ node: Node, allowed: Set<String>, what: String, collector: DiagnosticCollector, allowExtensions: Bool = false) {
        guard let mapping = node.mapping else { return }
        var seen: Set<String> = []
        for (key, _) in mapping {
            guard let name = key.string, case .scalar = key else {
                collector.report("\(what) keys must be plain strings.", at: key.mark)
                continue
            }
            if !seen.insert(name).inserted { collector.report("duplicate key \(ConfigDiagnostic.quoted(name)) in \(what).", at: key.mark) }
            if allowExtensions, name.hasPrefix("x-") { continue }
            if !allowed.isEmpty, !allowed.contains(name) {
                collector.report(
                    "unknown key \(ConfigDiagnostic.quoted(name)) in \(what) (known: \(allowed.sorted().joined(separator: ", "))).",
                    at: key.mark)
            }
        }
    }

    private func readApps(_ root: Node, collector: DiagnosticCollector, baseDirectory: String) -> [AppConfiguration] {
        guard root.mapping != nil else {
            collector.report("configuration must be a mapping with 'apps:', not a \(root.typeName).", at: root.mark)
            return []
        }
        checkKeys(root, allowed: ["apps", "server", "version"], what: "the configuration", collector: collector, allowExtensions: true)
        if let version = root["version"], version.int != 1 {
            collector.report(
                "unsupported configuration version \(ConfigDiagnostic.quoted(version.string ?? version.typeName)); the only version is 1.",
                at: version.mark)
        }
        guard let appsNode = root["apps"] else {
            collector.report("configuration has no 'apps:' mapping.", at: root.mark)
            return []
        }
        guard let appsMapping = appsNode.mapping, !appsMapping.isEmpty else {
            collector.report("'apps' must be a non-empty mapping of app name to app settings.", at: appsNode.mark)
            return []
        }
        checkKeys(appsNode, allowed: [], what: "'apps'", collector: collector)
        var apps: [AppConfiguration] = []
        for (key, value) in appsMapping {
            guard let appName = key.string, !appName.isEmpty else { continue }
            apps.append(readApp(appName, value, collector: collector, baseDirectory: baseDirectory))
        }
        return apps
    }

    /// `known kinds: a, b` or a hint that the registry is empty.
    private var knownKinds: String {
        registry.kinds.isEmpty
            ? "no provider kinds are registered" : "known kinds: " + registry.kinds.map(\.rawValue).joined(separator: ", ")
    }

    private func readApp(_ name: String, _ node: Node, collector: DiagnosticCollector, baseDirectory: String) -> AppConfiguration {
        guard node.mapping != nil else {
            collector.report("app \(ConfigDiagnostic.quoted(name)) must be a mapping with 'providers:'.", at: node.mark)
            return AppConfiguration(name: name, providers: [])
        }
        checkKeys(node, allowed: ["providers", "service"], what: "app \(ConfigDiagnostic.quoted(name))", collector: collector)
        let service = readService(app: name, node, collector: collector, baseDirectory: baseDirectory)
        guard let providersNode = node["providers"] else {
            collector.report("app \(ConfigDiagnostic.quoted(name)) has no 'providers:' list.", at: node.mark)
            return AppConfiguration(name: name, providers: [])
        }
        guard case .sequence(let sequence) = providersNode, !sequence.isEmpty else {
            collector.report("'providers' of app \(ConfigDiagnostic.quoted(name)) must be a non-empty list.", at: providersNode.mark)
            return AppConfiguration(name: name, providers: [])
        }
        var providers: [ProviderInstanceConfiguration] = []
        var names: Set<String> = []
        for (index, element) in sequence.enumerated() {
            let path = "apps.\(name).providers[\(index)]"
            guard element.mapping != nil else {
                collector.report(
                    "provider \(index + 1) of app \(ConfigDiagnostic.quoted(name)) must be a mapping with 'kind:'.", at: element.mark)
                continue
            }
            checkKeys(element, allowed: [], what: "provider \(index + 1) of app \(ConfigDiagnostic.quoted(name))", collector: collector)
            guard let kindNode = element["kind"] else {
                collector.report(
                    "provider \(index + 1) of app \(ConfigDiagnostic.quoted(name)) has no 'kind' (\(knownKinds)).", at: element.mark)
                continue
            }
            guard case .scalar = kindNode, let kindText = kindNode.string, !kindText.isEmpty else {
                collector.report("'kind' must be a string.", at: kindNode.mark)
                continue
            }
            let kind = ProviderKind(rawValue: kindText)
            guard let plugin = registry.plugin(for: kind) else {
                collector.report("unknown provider kind \(ConfigDiagnostic.quoted(kindText)) (\(knownKinds)).", at: kindNode.mark)
                continue
            }
            var instanceName = kindText
            if let nameNode = element["name"] {
                if case .scalar = nameNode, let text = nameNode.string, !text.trimmingCharacters(in: .whitespaces).isEmpty,
                    nameNode.null == nil
                {
                    instanceName = text
                } else {
                    collector.report("'name' must be a non-empty string.", at: nameNode.mark)
                }
            }
            if !names.insert(instanceName).inserted {
                collector.report(
                    "app \(ConfigDiagnostic.quoted(name)) already has a provider named \(ConfigDiagnostic.quoted(instanceName)); give each instance a distinct 'name'.",
                    at: (element["name"] ?? kindNode).mark)
            }
            let reader = SettingsReader(
                node: element, path: path, kind: kind, collector: collector, environment: environment,
                baseDirectory: baseDirectory, reservedKeys: ["kind", "name"])
            let binding = plugin.bind(reader)
            reader.reportUnknownKeys()
            if let binding, !reader.hasErrors {
                providers.append(
                    ProviderInstanceConfiguration(
                        reference: ProviderReference(kind: kind, name: instanceName), app: name, binding: binding))
            } else if binding == nil, !reader.hasErrors {
                collector.report("\(kind) plugin rejected the settings without saying why.", at: element.mark)
            }
        }
        return AppConfiguration(name: name, providers: providers, service: service)
    }

    /// The app's optional `service:` mapping (see `AppServiceConfiguration`).
    private func readService(app: String, _ node: Node, collector: DiagnosticCollector, baseDirectory: String) -> AppServiceConfiguration? {
        guard let serviceNode = node["service"] else { return nil }
        guard serviceNode.mapping != nil else {
            collector.report("'service' of app '\(app)' must be a mapping with 'api_keys:'.", at: serviceNode.mark)
            return nil
        }
        let reader = SettingsReader(
            node: serviceNode, path: "apps.\(app).service", kind: ProviderKind(rawValue: "service"), collector: collector,
            environment: environment, baseDirectory: baseDirectory, subject: "service of app '\(app)'")
        let service = AppServiceConfiguration.parse(reader)
        reader.reportUnknownKeys()
        return service
    }
}
