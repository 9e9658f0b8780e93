internal import Yams

extension ConfigurationLoader {
    /// The `server:` section of the file at `path`, read before anything else of it (`identity-server` needs its
    /// listener, log and limit settings before it loads the apps): the same bounded read and YAML rules as
    /// ``load(path:)``, the apps not evaluated. Throws the file's YAML problems and the section's shape problems.
    public func serverSection(path: String) throws(ConfigurationError) -> ServerSection? {
        let text = try BoundedYAML.readText(path: path, what: "configuration")
        let collector = DiagnosticCollector(file: path)
        guard let document = try BoundedYAML.compose(text, file: path, what: "configuration") else { return nil }
        for problem in document.problems { collector.report(problem.message, at: problem.mark) }
        let server = document.root.mapping == nil ? nil : readServer(document.root, file: path, collector: collector)
        guard collector.diagnostics.isEmpty else { throw ConfigurationError(diagnostics: collector.diagnostics) }
        return server
    }

    /// Reads `server:`'s shape: plain keys, mappings at most ``ServerSection/maxDepth`` deep, scalar values.
    func readServer(_ root: Node, file: String, collector: DiagnosticCollector) -> ServerSection? {
        guard let node = root["server"] else { return nil }
        var entries: [ServerSection.Entry] = []
        func walk(_ node: Node, path: String, depth: Int) {
            guard node.mapping != nil else {
                collector.report("'\(path)' must be a mapping of settings, not a \(node.typeName).", at: node.mark)
                return
            }
            guard depth <= ServerSection.maxDepth else {
                collector.report("'\(path)' nests deeper than \(ServerSection.maxDepth) mappings under 'server'.", at: node.mark)
                return
            }
            checkKeys(node, allowed: [], what: "'\(path)'", collector: collector)
            for (key, value) in node.mapping ?? [:] {
                guard let name = key.string, case .scalar = key else { continue }
                let child = "\(path).\(name)"
                switch value {
                case .mapping: walk(value, path: child, depth: depth + 1)
                case .scalar(let scalar):
                    entries.append(
                        ServerSection.Entry(path: child, text: scalar.string, line: value.mark?.line ?? 1, column: value.mark?.column ?? 1))
                default:
                    collector.report("'\(child)' must be a single value, not a \(value.typeName).", at: value.mark)
                }
            }
        }
        walk(node, path: "server", depth: 1)
        return ServerSection(file: file, entries: entries)
    }
}
