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
    public static let maxFileSize = 1_048_576

    /// The plugins that validate instance settings.
    public var registry: ProviderRegistry
    /// Where secrets and `${VAR}` references are resolved.
    public var environment: ConfigEnvironment
    /// Where loads are logged: the file, app and provider counts, or the number of problems (never a value).
    public var logger: Logger

    /// Creates a loader.
    public init(
        registry: ProviderRegistry, environment: ConfigEnvironment = .process, logger: Logger = Logger(label: "IdentityBridge.configuration")
    ) {
        self.registry = registry
        self.environment = environment
        self.logger = logger
    }

    /// Loads the file at `path`.
    public func load(path: String) throws(ConfigurationError) -> IdentityConfiguration {
        let data: Data
        guard FileManager.default.fileExists(atPath: path) else {
            throw ConfigurationError(diagnostics: [
                ConfigDiagnostic(
                    file: path, line: 1, column: 1, message: "no such configuration file '\(path)'.")
            ])
        }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > Self.maxFileSize {
                throw ConfigurationError(diagnostics: [
                    ConfigDiagnostic(
                        file: path, line: 1, column: 1,
                        message: "configuration file is \(size) bytes; the limit is \(Self.maxFileSize) bytes.")
                ])
            }
            if (attributes[.type] as? FileAttributeType) == .typeDirectory {
                throw ConfigurationError(diagnostics: [
                    ConfigDiagnostic(file: path, line: 1, column: 1, message: "'\(path)' is a directory, not a configuration file.")
                ])
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: path, line: 1, column: 1, message: "cannot read configuration file '\(path)'.")
            ])
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try load(data: data, file: path, baseDirectory: directory.isEmpty ? "." : directory)
    }

    /// Loads configuration bytes; `file` names them in diagnostics.
    public func load(data: Data, file: String, baseDirectory: String = ".") throws(ConfigurationError) -> IdentityConfiguration {
        func fail(_ message: String, line: Int = 1, column: Int = 1) -> ConfigurationError {
            ConfigurationError(diagnostics: [ConfigDiagnostic(file: file, line: line, column: column, message: message)])
        }
        guard data.count <= Self.maxFileSize else {
            throw fail("configuration is \(data.count) bytes; the limit is \(Self.maxFileSize) bytes.")
        }
        if data.contains(0) { throw fail("configuration is a binary file (it contains NUL bytes), not YAML.") }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("configuration is not valid UTF-8 text.") }
        return try load(yaml: text, file: file, baseDirectory: baseDirectory)
    }

    /// Loads configuration text; `file` names it in diagnostics.
    public func load(yaml: String, file: String, baseDirectory: String = ".") throws(ConfigurationError) -> IdentityConfiguration {
        do {
            let configuration = try parse(yaml: yaml, file: file, baseDirectory: baseDirectory)
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

    private func parse(yaml: String, file: String, baseDirectory: String) throws(ConfigurationError) -> IdentityConfiguration {
        let collector = DiagnosticCollector(file: file)
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw ConfigurationError(diagnostics: [Self.diagnostic(for: error, file: file, text: yaml)])
        } catch {
            throw ConfigurationError(diagnostics: [ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error)")])
        }
        guard let composed = root, composed.null == nil else {
            throw ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: file, line: 1, column: 1, message: "configuration is empty; expected a mapping with 'apps:'.")
            ])
        }
        var normalizer = YAMLNormalizer()
        let normalized = normalizer.normalize(composed)
        if normalizer.exhausted {
            throw ConfigurationError(diagnostics: [
                ConfigDiagnostic(
                    file: file, line: 1, column: 1,
                    message:
                        "configuration expands to more than \(YAMLNormalizer.maxNodes) YAML nodes through aliases; simplify its anchors.")
            ])
        }
        for problem in normalizer.problems { collector.report(problem.message, at: problem.mark) }
        let apps = readApps(normalized, collector: collector, baseDirectory: baseDirectory)
        if !collector.diagnostics.isEmpty { throw ConfigurationError(diagnostics: collector.diagnostics) }
        return IdentityConfiguration(apps: apps, file: file, developmentSecrets: collector.developmentSecrets)
    }

    static func diagnostic(for error: YamlError, file: String, text: String) -> ConfigDiagnostic {
        switch error {
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? "?"
            let first = context.mark
            let mark = locateDuplicateKey(key, after: first, in: text) ?? (first.line, first.column)
            return ConfigDiagnostic(
                file: file, line: mark.line, column: mark.column,
                message:
                    "duplicate key '\(key)' (first set at line \(first.line), column \(first.column)); each key may appear once in a mapping."
            )
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            // At the end of the file the construct left open (a quote, a bracket) is the node at fault.
            let at = problem.contains("end of stream") ? (context?.mark ?? mark) : mark
            return ConfigDiagnostic(file: file, line: at.line, column: at.column, message: "invalid YAML: \(detail).")
        case .reader(let problem, _, _, _):
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(problem).")
        default:
            return ConfigDiagnostic(file: file, line: 1, column: 1, message: "invalid YAML: \(error).")
        }
    }

    /// Checks a mapping's keys: reports duplicates and keys outside `allowed`.
    /// `allowExtensions` accepts keys starting with `x-` (a place to define YAML anchors).
    private func checkKeys(_ node: Node, allowed: Set<String>, what: String, collector: DiagnosticCollector, allowExtensions: Bool = false)
    {
        guard let mapping = node.mapping else { return }
        var seen: Set<String> = []
        for (key, _) in mapping {
            guard let name = key.string, case .scalar = key else {
                collector.report("\(what) keys must be plain strings.", at: key.mark)
                continue
            }
            if !seen.insert(name).inserted { collector.report("duplicate key '\(name)' in \(what).", at: key.mark) }
            if allowExtensions, name.hasPrefix("x-") { continue }
            if !allowed.isEmpty, !allowed.contains(name) {
                collector.report("unknown key '\(name)' in \(what) (known: \(allowed.sorted().joined(separator: ", "))).", at: key.mark)
            }
        }
    }

    private func readApps(_ root: Node, collector: DiagnosticCollector, baseDirectory: String) -> [AppConfiguration] {
        guard root.mapping != nil else {
            collector.report("configuration must be a mapping with 'apps:', not a \(root.typeName).", at: root.mark)
            return []
        }
        checkKeys(root, allowed: ["apps", "version"], what: "the configuration", collector: collector, allowExtensions: true)
        if let version = root["version"], version.int != 1 {
            collector.report(
                "unsupported configuration version '\(version.string ?? version.typeName)'; the only version is 1.", at: version.mark)
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
            collector.report("app '\(name)' must be a mapping with 'providers:'.", at: node.mark)
            return AppConfiguration(name: name, providers: [])
        }
        checkKeys(node, allowed: ["providers", "service"], what: "app '\(name)'", collector: collector)
        let service = readService(app: name, node, collector: collector, baseDirectory: baseDirectory)
        guard let providersNode = node["providers"] else {
            collector.report("app '\(name)' has no 'providers:' list.", at: node.mark)
            return AppConfiguration(name: name, providers: [])
        }
        guard case .sequence(let sequence) = providersNode, !sequence.isEmpty else {
            collector.report("'providers' of app '\(name)' must be a non-empty list.", at: providersNode.mark)
            return AppConfiguration(name: name, providers: [])
        }
        var providers: [ProviderInstanceConfiguration] = []
        var names: Set<String> = []
        for (index, element) in sequence.enumerated() {
            let path = "apps.\(name).providers[\(index)]"
            guard element.mapping != nil else {
                collector.report("provider \(index + 1) of app '\(name)' must be a mapping with 'kind:'.", at: element.mark)
                continue
            }
            checkKeys(element, allowed: [], what: "provider \(index + 1) of app '\(name)'", collector: collector)
            guard let kindNode = element["kind"] else {
                collector.report("provider \(index + 1) of app '\(name)' has no 'kind' (\(knownKinds)).", at: element.mark)
                continue
            }
            guard case .scalar = kindNode, let kindText = kindNode.string, !kindText.isEmpty else {
                collector.report("'kind' must be a string.", at: kindNode.mark)
                continue
            }
            let kind = ProviderKind(rawValue: kindText)
            guard let plugin = registry.plugin(for: kind) else {
                collector.report("unknown provider kind '\(kindText)' (\(knownKinds)).", at: kindNode.mark)
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
                    "app '\(name)' already has a provider named '\(instanceName)'; give each instance a distinct 'name'.",
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

    /// The app's optional `service:` mapping (see ``AppServiceConfiguration``).
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
