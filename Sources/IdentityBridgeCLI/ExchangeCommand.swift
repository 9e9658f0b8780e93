#if TokenService
import ArgumentParser
import IdentityBridge
import IdentityBridgeCommands

/// `identityctl exchange`: what a JWT endpoint does for Zendesk Support.
struct ExchangeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exchange",
        abstract: "Exchange a user token for the vendor JWT (Zendesk Support's JWT endpoint).",
        discussion: """
            What a JWT endpoint for Zendesk Support does: prints {"jwt": "..."} and exits 0, or {"error": {...}} \
            and exits 1 when the user token is not valid or the provider does not exchange tokens \
            (unsupported_operation). Prefer '-' (the user token on standard input) or --token-file PATH to the \
            token as an argument: arguments are visible to every user of the machine (ps, /proc/PID/cmdline). A \
            token read from standard input or a file is at most 65536 bytes.

            Examples:
              identityctl token --config config.example.yaml --app demo \\
                  --provider zendesk-support --user-id u-1 \\
                  --email ann@example.com --name Ann
              identityctl exchange --config config.example.yaml --app demo \\
                  --provider zendesk-support - < user-token.txt
            """)

    @OptionGroup var instance: InstanceOptions

    @Argument(help: TokenInput.help("user token printed by 'identityctl token'"))
    var userToken: String?

    @Option(name: .customLong("token-file"), help: ArgumentHelp("Read the user token from this file.", valueName: "path"))
    var tokenFile: String?

    func validate() throws { try TokenInput.validate(argument: userToken, file: tokenFile) }

    func run() async throws {
        let environment = CLIEnvironment.current
        let options = instance
        let token = TokenInput.read(argument: userToken, file: tokenFile, environment: environment)
        let result = token.flatMap { userToken in
            CommandSupport.instance(config: options.config, app: options.app, provider: options.provider, environment: environment)
                .flatMap { instance in
                    Result { () throws(IdentityError) -> String in
                        try instance.makeTokenExchanger(context: IssuerContext(clock: options.time.clock)).exchange(userToken: userToken)
                    }
                }
        }
        switch result {
        case .success(let jwt):
            environment.output.json(["jwt": .string(jwt)])
        case .failure(let error):
            environment.output.json(["error": error.json])
            CommandSupport.explain(error, environment: environment)
            throw ExitCode.failure
        }
    }
}
#endif
