internal import Yams

/// Secrets: one (`KEY: ${VAR}`, `KEY_file: PATH`), a signing key, and lists of them for rotation.
extension SettingsReader {
    /// A secret: `KEY: ${VAR}` / `${VAR:-dev-default}` or `KEY_file: path`. A literal secret in
    /// the YAML is refused: secrets come from the environment or a file.
    public func secret(_ key: String, required: Bool = true) -> Secret? {
        let fileKey = key + "_file"
        guard let (inline, file) = secretForms(key, fileKey: fileKey) else { return nil }
        if let file {
            guard let path = pathSetting(fileKey, file) else { return nil }
            do {
                let contents = try readInput(path.resolved)
                let trimmed = contents.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else {
                    collector.report(
                        "secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key)) is empty.", at: file.mark)
                    return nil
                }
                return Secret(trimmed)
            } catch {
                collector.report(
                    "cannot read secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key))\(Self.reason(error)).",
                    at: file.mark)
                return nil
            }
        }
        guard let inline else {
            if required {
                collector.report(
                    "\(subject) is missing required secret '\(key)' (set '\(key): ${VAR}' or '\(fileKey): PATH').", at: node.mark)
            }
            return nil
        }
        guard let raw = scalarText(key, inline) else { return nil }
        if raw.isEmpty || inline.null != nil {
            collector.report("\(describe(key)) is empty; set '\(key): ${VAR}' or '\(fileKey): PATH'.", at: inline.mark)
            return nil
        }
        guard raw.contains("${") else {
            collector.report(
                "\(describe(key)) is a literal secret; reference an environment variable ('${VAR}') or use '\(fileKey)'.", at: inline.mark)
            return nil
        }
        guard let text = expand(raw, at: inline.mark, key: key) else { return nil }
        guard !text.isEmpty else {
            collector.report("\(describe(key)) is empty.", at: inline.mark)
            return nil
        }
        noteDevelopmentDefault("\(path).\(key)", at: inline.mark)
        return Secret(text)
    }

    /// A secret that keys HS256 JSON Web Tokens: a ``secret(_:required:)`` of at least
    /// `HS256Signer/minimumKeyLength` bytes (RFC 7518 §3.2). A shorter one is a configuration
    /// error naming the setting; the message gives the length, never the secret.
    public func signingSecret(_ key: String, required: Bool = true) -> Secret? {
        guard let secret = secret(key, required: required) else { return nil }
        let length = secret.revealedBytes.count
        guard length >= HS256Signer.minimumKeyLength else {
            let at = value(key) != nil ? key : key + "_file"
            error(
                "\(describe(key)) is \(length) bytes; an HS256 key must be at least \(HS256Signer.minimumKeyLength) bytes (RFC 7518 §3.2). "
                    + "Use a random secret such as the output of 'openssl rand -base64 32'.", at: at)
            return nil
        }
        return secret
    }

    /// A list of secrets (for key rotation): `KEY: [${VAR}, ...]`, each entry written as `${VAR}` or
    /// `${VAR:-dev-default}`, or `KEY_file: PATH`, one secret per non-empty line of the file (read as
    /// single `*_file:` secrets are: bounded, symbolic links followed, each line trimmed), so a list
    /// can rotate in place. Returns `nil` when both keys are absent (or `required` and absent, reported).
    ///
    /// Both forms say the same: an empty file (or one of blank lines only) is the empty list, as
    /// `KEY: []` is, so finishing a rotation by emptying `previous_secrets_file` removes the retired
    /// secret. A list that must hold secrets passes `minCount` (`api_keys`: 1): fewer is an error, in
    /// either form, naming the setting (and the file).
    public func secrets(_ key: String, required: Bool = false, minCount: Int = 0, maxCount: Int = .max) -> [Secret]? {
        let fileKey = key + "_file"
        guard let (listed, file) = secretForms(key, fileKey: fileKey) else { return nil }
        if let file { return secretLines(key, fileKey: fileKey, file, minCount: minCount, maxCount: maxCount) }
        guard let node = listed else {
            if required {
                collector.report(
                    "\(subject) is missing required secret list '\(key)' (set '\(key): [${VAR}, ...]' or '\(fileKey): PATH').",
                    at: self.node.mark)
            }
            return nil
        }
        guard case .sequence(let sequence) = node else {
            collector.report("\(describe(key)) must be a list of '${VAR}' references (or use '\(fileKey): PATH').", at: node.mark)
            return nil
        }
        if sequence.count > maxCount {
            collector.report("\(describe(key)) has \(sequence.count) entries; at most \(maxCount) are allowed.", at: node.mark)
            return nil
        }
        if sequence.count < minCount {
            collector.report("\(describe(key)) must list at least \(Self.count(minCount, "secret")).", at: node.mark)
            return nil
        }
        var result: [Secret] = []
        for element in sequence {
            guard let raw = scalarText(key, element) else { continue }
            guard raw.contains("${") else {
                collector.report(
                    "an entry of \(describe(key)) is a literal secret; reference an environment variable ('${VAR}') or use '\(fileKey)'.",
                    at: element.mark)
                continue
            }
            guard let text = expand(raw, at: element.mark, key: key) else { continue }
            guard !text.isEmpty else {
                collector.report("an entry of \(describe(key)) is empty.", at: element.mark)
                continue
            }
            noteDevelopmentDefault("\(path).\(key)[\(result.count)]", at: element.mark)
            result.append(Secret(text))
        }
        return result
    }

    /// The nodes of `KEY` and `KEY_file` (either may be absent); `nil`, reported, when both are set.
    func secretForms(_ key: String, fileKey: String) -> (Node?, Node?)? {
        let inline = value(key)
        let file = value(fileKey)
        if inline != nil, file != nil {
            collector.report("\(subject) sets both '\(key)' and '\(fileKey)'; keep one.", at: keyMark(fileKey))
            return nil
        }
        return (inline, file)
    }

    /// `KEY_file: PATH`: one secret per non-empty line (trimmed), at least `minCount` (an empty file
    /// is the empty list where none is allowed) and at most `maxCount`.
    /// Messages name the file as written and count lines; they never quote a line.
    func secretLines(_ key: String, fileKey: String, _ file: Node, minCount: Int, maxCount: Int) -> [Secret]? {
        guard let path = pathSetting(fileKey, file) else { return nil }
        let contents: String
        do {
            contents = try readInput(path.resolved)
        } catch {
            collector.report(
                "cannot read secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key))\(Self.reason(error)).",
                at: file.mark)
            return nil
        }
        let secrets = contents.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard secrets.count >= minCount else {
            collector.report(
                "secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key)) "
                    + (secrets.isEmpty
                        ? "is empty; write one secret per line (at least \(Self.count(minCount, "secret")))."
                        : "has \(Self.count(secrets.count, "secret")); at least \(minCount) are required."),
                at: file.mark)
            return nil
        }
        guard secrets.count <= maxCount else {
            collector.report(
                "secret file \(ConfigDiagnostic.quotedPath(path.written)) for \(describe(key)) has \(secrets.count) secrets; at most \(maxCount) are allowed.",
                at: file.mark)
            return nil
        }
        return secrets.map { Secret($0) }
    }

    /// Reads a file through the environment and records it as an input of the configuration (tried
    /// files too: a file that is missing now is watched for when it appears).
    func readInput(_ resolved: String) throws -> String {
        do {
            let contents = try environment.readFile(resolved)
            collector.inputs.note(path: resolved, contents: contents)
            return contents
        } catch {
            collector.inputs.note(path: resolved, contents: nil)
            throw error
        }
    }

    /// Records `setting` as a development secret when the last expansion used a `${VAR:-default}` default.
    func noteDevelopmentDefault(_ setting: String, at mark: Mark?) {
        guard expandedFromDefault else { return }
        collector.developmentSecrets.append(
            DevelopmentSecret(setting: setting, file: collector.file, line: mark?.line ?? 1, column: mark?.column ?? 1))
    }
}
