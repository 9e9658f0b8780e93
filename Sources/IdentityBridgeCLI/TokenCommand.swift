#if TokenService
import ArgumentParser
import IdentityBridge
import IdentityBridgeCommands

/// `identityctl token`: issues the credential a client app hands the vendor SDK.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue a user's credential for one provider instance.",
        discussion: """
            Prints {"app", "provider", "kind", "credential": {...}, "expires_in"} on stdout and exits 0, or {"error": {"code", \
            "field", "message", "vendor_code", ...}} and exits 1 when the input breaks a vendor rule or the \
            configuration is invalid.

            A value that starts with a dash is written with an equals sign: --user-id=-1.

            Examples:
              identityctl token --config config.example.yaml --app demo \\
                  --provider zendesk-chat --user-id u-1 \\
                  --email ann@example.com --name "Ann Example" --now 1767225600
              identityctl token --config config.example.yaml --app demo \\
                  --provider helpshift --user-id u-1
            """)

    @OptionGroup var instance: InstanceOptions

    @Option(name: .customLong("user-id"), help: ArgumentHelp("The app's user id (Helpshift userId, Zendesk external_id).", valueName: "id"))
    var userId: String?

    @Option(name: .long, help: ArgumentHelp("The user's email address.", valueName: "email"))
    var email: String?

    @Option(name: .long, help: ArgumentHelp("The user's display name.", valueName: "name"))
    var name: String?

    func run() async throws {
        let environment = CLIEnvironment.current
        let user = UserIdentity(userId: userId, email: email, name: name)
        let result = CommandSupport.issuer(instance, environment: environment).flatMap { instance, issuer in
            Result { () throws(IdentityError) in (instance, try issuer.issue(for: user)) }
        }
        switch result {
        case .success(let (instance, credential)):
            let answer = CredentialAnswer(app: instance.app, reference: instance.reference, clock: self.instance.time.clock)
            environment.output.stdout(String(decoding: answer.bytes(for: credential), as: UTF8.self))
        case .failure(let error):
            environment.output.json(["error": error.json])
            CommandSupport.explain(error, environment: environment)
            throw ExitCode.failure
        }
    }
}
#endif
