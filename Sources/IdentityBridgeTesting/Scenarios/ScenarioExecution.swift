import IdentityBridge
import IdentityBridgeClient

/// One scenario on one provider: fresh simulators, a manual clock, the steps in order.
struct ScenarioExecution {
    let scenario: Scenario
    let providerName: String
    let runner: ScenarioRunner

    /// What the last non-expect step did.
    struct LastAction {
        var step: Int
        var keyword: String
        var events: [IdentityEvent]
        var error: IdentityError?
    }

    func execute(_ emit: (ScenarioRecord) -> Void) async {
        let clock = ManualClientClock(scenario.start)
        let vendors = SimulatedVendors(clock: clock, factories: runner.simulators)
        let provider: any IdentityProvider
        let instance: ProviderInstanceConfiguration
        do throws(IdentityError) {
            instance = try runner.configuration.instance(app: scenario.app, provider: providerName)
            provider = try runner.configuration.makeProvider(
                app: scenario.app, provider: providerName, context: vendors.context())
        } catch {
            emit(.error(step: 0, code: error.code, vendorCode: error.vendorCode, provider: providerName, message: error.message))
            for step in scenario.steps {
                guard case .expect(let expectations) = step.action else { continue }
                for _ in expectations {
                    emit(
                        .expect(
                            step: step.number, ok: false, detail: "provider \(providerName) could not be built: \(error.code)",
                            provider: providerName))
                }
            }
            return
        }
        let simulator = vendors.simulator(for: instance)
        let recorder = EventRecorder()
        recorder.record(provider.eventHub)
        let client = runner.client.make(ScenarioClient.Context(app: scenario.app, provider: provider, clock: clock))
        var state = State(
            provider: provider, simulator: simulator, clock: clock, client: client, followsServiceClock: runner.client.followsServiceClock)
        for step in scenario.steps {
            if case .expect(let expectations) = step.action {
                for expectation in expectations {
                    let (ok, detail) = await state.evaluate(expectation)
                    emit(.expect(step: step.number, ok: ok, detail: detail, provider: providerName))
                }
                continue
            }
            _ = recorder.drain()
            let error = await state.perform(step.action)
            let events = recorder.drain()
            for event in events {
                emit(.event(step: step.number, name: event.name, provider: event.provider.name, data: event.payload.json))
            }
            if let error {
                emit(
                    .error(
                        step: step.number, code: error.code, vendorCode: error.vendorCode, provider: providerName, message: error.message))
            }
            state.last = LastAction(step: step.number, keyword: step.action.keyword, events: events, error: error)
            state.usersAfterStep[step.number] = await provider.currentUser()
        }
    }

    /// The mutable state of one execution.
    struct State {
        let provider: any IdentityProvider
        let simulator: (any VendorSimulator)?
        let clock: ManualClientClock
        var last: LastAction?
        var usersAfterStep: [Int: ProviderUser?] = [:]
        /// The app-side client of `client_login` steps.
        let client: CredentialClient
        /// Move the clock up to the service's before a `client_login` hands the credential over.
        let followsServiceClock: Bool

        init(
            provider: any IdentityProvider, simulator: (any VendorSimulator)?, clock: ManualClientClock, client: CredentialClient,
            followsServiceClock: Bool
        ) {
            self.client = client
            self.followsServiceClock = followsServiceClock
            self.provider = provider
            self.simulator = simulator
            self.clock = clock
        }

        /// Performs one action; the error it failed with, if any.
        func perform(_ action: ScenarioAction) async -> IdentityError? {
            do throws(IdentityError) {
                switch action {
                case .login(let login):
                    if login.issuedAgo == nil, !login.forge {
                        _ = try await provider.login(login.user)
                        return nil
                    }
                    var credential: Credential
                    if let ago = login.issuedAgo {
                        clock.advance(by: -TimeInterval(ago))
                        defer { clock.advance(by: TimeInterval(ago)) }
                        credential = try provider.credential(for: login.user)
                    } else {
                        credential = try provider.credential(for: login.user)
                    }
                    if login.forge {
                        guard let forged = CredentialForgery.wrongSignature(credential) else {
                            throw IdentityError(
                                .configurationInvalid, field: "forge",
                                message:
                                    "No field of the \(provider.kind) credential looks like a JWT or an HMAC digest, so it cannot be forged.",
                                recovery: "Use 'login: { credential: {...} }' with a hand-made bad credential.",
                                provider: provider.reference)
                        }
                        credential = forged
                    }
                    _ = try await provider.login(credential: credential)
                case .loginCredential(let fields):
                    _ = try await provider.login(credential: Credential(fields: fields))
                case .clientLogin(let user):
                    let credential = try await client.credential(for: user, from: provider.reference)
                    if followsServiceClock, client.serviceNow > clock.now() { clock.set(client.serviceNow) }
                    _ = try await provider.login(credential: credential)
                case .logout:
                    try await provider.logout()
                case .resetIdentity:
                    try await provider.resetIdentity()
                case .advance(let seconds):
                    clock.advance(by: TimeInterval(seconds))
                case .set(let options):
                    for option in options { try await provider.setOption(option.key, to: option.value) }
                case .sendMessage(let text):
                    try await provider.sendMessage(text)
                case .vendorEvent(let name, let data):
                    _ = try await provider.handleVendorEvent(name: name, data: data)
                case .foreground:
                    try await provider.enterForeground()
                case .expect:
                    break
                }
                return nil
            } catch {
                return error
            }
        }
    }
}
