#if TokenService
import ArgumentParser
import IdentityBridge
import IdentityBridgeCommands

/// `identityctl verify`: checks a credential exactly as the vendor would.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a token as the vendor would.",
        discussion: """
            Prints {"valid": true, "claims": {...}} and exits 0, or {"valid": false, "error": {...}} and exits \
            1. For Helpshift the TOKEN is the userAuthToken and --user-id / --email name the user it must prove \
            (with identity_system: true, an identities JWT is verified instead). JWT providers need neither; \
            with --user-id, Chat checks it as the visitor's bound external id and Support as the token's user.

            Prefer '-' (the token on standard input) or --token-file PATH to the token as an argument: arguments \
            are visible to every user of the machine (ps, /proc/PID/cmdline). A token read from standard input \
            or a file is at most 65536 bytes.

            A value that starts with a dash is written with an equals sign (--user-id=-1); a token that starts with one goes after --.

            Examples:
              identityctl verify --config config.example.yaml --app demo \\
                  --provider zendesk-chat --now 1767225660 - < token.txt
              identityctl verify --config config.example.yaml --app demo \\
                  --provider helpshift --user-id u-1 --token-file digest.txt
            """)

    @OptionGroup var instance: InstanceOptions

    @Option(name: .customLong("user-id"), help: ArgumentHelp("The user id the token must prove (Helpshift).", valueName: "id"))
    var userId: String?

    @Option(name: .long, help: ArgumentHelp("The email the token must prove (Helpshift).", valueName: "email"))
    var email: String?

    @Argument(help: TokenInput.help("token to verify"))
    var token: String?

    @Option(name: .customLong("token-file"), help: ArgumentHelp("Read the token from this file.", valueName: "path"))
    var tokenFile: String?

    func validate() throws { try TokenInput.validate(argument: token, file: tokenFile) }

    func run() async throws {
        let environment = CLIEnvironment.current
        let user: UserIdentity? = (userId != nil || email != nil) ? UserIdentity(userId: userId, email: email) : nil
        let result = TokenInput.read(argument: token, file: tokenFile, environment: environment).flatMap { token in
            CommandSupport.issuer(instance, environment: environment).flatMap { _, issuer in
                Result { () throws(IdentityError) in try issuer.verify(token, for: user) }
            }
        }
        switch result {
        case .success(let verified):
            var object: [String: JSONValue] = ["valid": true, "claims": .object(verified.claims)]
            if let keyID = verified.keyID { object["key_id"] = .string(keyID) }
            environment.output.json(.object(object))
        case .failure(let error):
            environment.output.json(["valid": false, "error": error.json])
            CommandSupport.explain(error, environment: environment)
            throw ExitCode.failure
        }
    }
}
#endif
