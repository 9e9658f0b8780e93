import ArgumentParser
import IdentityBridge

/// `identityctl verify`: checks a credential exactly as the vendor would.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a token as the vendor would.",
        discussion: """
            Prints {"valid": true, "claims": {...}} and exits 0, or {"valid": false, "error": {...}} and exits \
            1. For Helpshift the TOKEN is the userAuthToken and --user-id / --email name the user it must prove; \
            JWT providers need neither.

            Examples:
              identityctl verify --config config.example.yaml --app demo \\
                  --provider zendesk-chat --now 1767225660 eyJhbGciOi...
              identityctl verify --config config.example.yaml --app demo \\
                  --provider helpshift --user-id u-1 3f1c9a...
            """)

    @OptionGroup var instance: InstanceOptions

    @Option(name: .customLong("user-id"), help: ArgumentHelp("The user id the token must prove (Helpshift).", valueName: "id"))
    var userId: String?

    @Option(name: .long, help: ArgumentHelp("The email the token must prove (Helpshift).", valueName: "email"))
    var email: String?

    @Argument(help: ArgumentHelp("The token to verify.", valueName: "token"))
    var token: String

    func run() async throws {
        let environment = CLIEnvironment.current
        let user: UserIdentity? = (userId != nil || email != nil) ? UserIdentity(userId: userId, email: email) : nil
        let result = CommandSupport.issuer(instance, environment: environment).flatMap { _, issuer in
            Result { () throws(IdentityError) in try issuer.verify(token, for: user) }
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
