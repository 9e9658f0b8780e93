internal import Yams

/// Files and paths named by settings, read through the environment.
extension SettingsReader {
    /// A text file named by a path setting (relative to the configuration file's folder), read
    /// through the environment (regular files only, at most `ConfigEnvironment/maxSecretFileSize`).
    /// Returns the path as written and the file's contents; problems are reported at the setting.
    public func file(_ key: String, required: Bool = false) -> (path: String, contents: String)? {
        guard let node = value(key) else {
            if required { collector.report("\(subject) is missing required file setting '\(key)'.", at: self.node.mark) }
            return nil
        }
        guard let path = pathSetting(key, node) else { return nil }
        do {
            return (path.written, try readInput(path.resolved))
        } catch {
            collector.report(
                "cannot read file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key))\(Self.reason(error)).", at: node.mark)
            return nil
        }
    }

    /// A path setting: as written, with its references expanded and resolved against the
    /// configuration's folder. Diagnostics quote it as written, never expanded: a `${VAR}` in a path
    /// may hold anything, a secret included, and a message never repeats a variable's value.
    func pathSetting(_ key: String, _ node: Node) -> (written: String, resolved: String)? {
        guard let written = scalarText(key, node) else { return nil }
        guard let expanded = expand(written, at: node.mark, key: key) else { return nil }
        guard !expanded.isEmpty else {
            collector.report("\(describe(key)) must be a file path, not empty.", at: node.mark)
            return nil
        }
        let resolved = expanded.hasPrefix("/") ? expanded : baseDirectory + "/" + expanded
        return (written, resolved)
    }

    /// `1 secret`, `2 secrets`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// The `: reason` a ``SecretFileError`` gives for a file that cannot be read (nothing for another error).
    static func reason(_ error: any Error) -> String {
        (error as? SecretFileError).map { ": \($0.description)" } ?? ""
    }
}
