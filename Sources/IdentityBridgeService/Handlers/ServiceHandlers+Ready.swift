#if TokenService
import HTTPTypes
import IdentityBridge

/// `/readyz`'s answer.
extension ServiceHandlers {
    /// `/readyz`: 200 once a configuration is loaded, with the generation serving (a counter of the
    /// snapshots swapped in, and the digest of the inputs it was loaded from; never a secret), and
    /// `reload_refused` (each problem's file, line, column and message) while the latest reload was
    /// refused: the instance still serves the previous generation, so it stays ready (a probe that
    /// failed would pull every instance that saw the same broken files out of rotation at once).
    /// 503 again once the service drains, with `Connection: close`: the balancer's kept-alive probe
    /// connection is let go at once (the drain flag is set before the server quiesces its connections).
    func ready() -> ServiceAnswer {
        if state.isDraining {
            return .failure(
                ServiceFailure(
                    503,
                    IdentityError(
                        .unknown, message: "The service is shutting down.", recovery: "Send requests to another instance.")),
                headers: [.connection: "close"])
        }
        guard let served = state.served else {
            return .failure(
                ServiceFailure(
                    503,
                    IdentityError(
                        .configurationInvalid, message: "No configuration is loaded.", recovery: "Wait for the service to load one.")))
        }
        var body: [String: JSONValue] = [
            "status": "ready", "apps": .int(Int64(served.snapshot.servedApps.count)), "generation": .int(Int64(served.generation)),
            "inputs_digest": .string(served.snapshot.configuration.inputs.digest),
        ]
        if let refusal = state.reloadRefusal { body["reload_refused"] = refusal.json }
        // The provider being down is not this instance's fault (every instance sees it): shown, still ready.
        let sessionKeys = served.snapshot.sessionKeyStatus
        if !sessionKeys.isEmpty { body["session_keys"] = .array(sessionKeys) }
        return .json(200, .object(body))
    }
}
#endif
