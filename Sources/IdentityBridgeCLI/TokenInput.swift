#if TokenService
import ArgumentParser
import IdentityBridge

/// Where `verify` and `exchange` take their token: the argument itself, standard input when the
/// argument is `-`, or `--token-file PATH`. Standard input and files are preferred: an argument is
/// visible to every user of the machine (`ps`, `/proc/PID/cmdline`) and limited to 128 KiB.
enum TokenInput {
    /// The longest token read from standard input or a file, in bytes; no more than this (plus
    /// one read) is ever consumed.
    static let maxBytes = 65_536

    /// The help line of the token argument.
    static func help(_ what: String) -> ArgumentHelp {
        ArgumentHelp(
            "The \(what); '-' reads it from standard input (preferred: an argument is visible to other users through ps).",
            valueName: "token")
    }

    /// Exactly one of the argument and `--token-file`.
    static func validate(argument: String?, file: String?) throws {
        switch (argument, file) {
        case (nil, nil):
            throw ValidationError("Give the token: '-' to read it from standard input (preferred), --token-file PATH, or the token.")
        case (.some, .some):
            throw ValidationError("Give the token once: either as the argument ('-' for standard input) or with --token-file.")
        default: break
        }
    }

    /// The token, with surrounding whitespace (a trailing newline) removed.
    static func read(argument: String?, file: String?, environment: CLIEnvironment) -> Result<String, IdentityError> {
        if let argument, argument != "-" { return .success(argument) }
        let source =
            file.map { "token file \(ConfigDiagnostic.quotedPath($0))" } ?? "standard input"
        let bytes: [UInt8]
        if let file {
            do { bytes = Array(try BoundedFile.read(path: file, limit: maxBytes)) } catch {
                if case .tooLarge = error { return .failure(tooLong(source)) }
                return .failure(
                    IdentityError(
                        .tokenMissing, field: "token", message: "Cannot read the \(source): \(error.description).",
                        recovery: "Pass a readable regular file with --token-file, or '-' to read the token from standard input."))
            }
        } else {
            guard let all = environment.input.readAll(limit: maxBytes) else { return .failure(tooLong(source)) }
            bytes = all
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(
                IdentityError(
                    .tokenMalformed, field: "token", message: "The token on \(source) is not UTF-8 text.",
                    recovery: "Pass the token as printed by 'identityctl token'."))
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            return .failure(
                IdentityError(
                    .tokenMissing, field: "token", message: "The \(source) holds no token.",
                    recovery:
                        "Write the token to \(file == nil ? "standard input" : "the file"), e.g. 'identityctl verify ... - < token.txt'."))
        }
        return .success(token)
    }

    private static func tooLong(_ source: String) -> IdentityError {
        IdentityError(
            .limitExceeded, field: "token", message: "The token on \(source) is longer than \(maxBytes) bytes; no token is that long.",
            recovery: "Pass one token, as printed by 'identityctl token'.")
    }
}
#endif
