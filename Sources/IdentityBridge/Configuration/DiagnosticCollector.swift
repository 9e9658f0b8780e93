internal import Yams

/// Collects diagnostics while a configuration is read, and the files it read (see ``ConfigurationInputs``).
final class DiagnosticCollector {
    let file: String
    var diagnostics: [ConfigDiagnostic] = []
    /// Secrets that resolved from the default of a `${VAR:-default}` reference.
    var developmentSecrets: [DevelopmentSecret] = []
    /// Every file read (or tried), and one digest over all their contents.
    var inputs = ConfigurationInputs()
    init(file: String) { self.file = file }

    /// The most problems reported for one file; a file that breaks more is not worth reading further.
    static let maxDiagnostics = 200

    func report(_ message: String, at mark: Mark?) {
        guard diagnostics.count <= Self.maxDiagnostics else { return }
        let text =
            diagnostics.count == Self.maxDiagnostics
            ? "too many problems; only the first \(Self.maxDiagnostics) are reported." : message
        diagnostics.append(ConfigDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: text))
    }
}
