#if TokenService
import ArgumentParser
import IdentityBridgeHummingbird

/// `identity-server`'s connection limits: ``TokenService/Limits`` as options (seconds may be fractional).
struct ServeLimitOptions: ParsableArguments {
    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Close a keep-alive connection idle this long.", valueName: "seconds"))
    var idleTimeout: Double = 60

    @Option(
        name: .customLong("head-timeout"),
        help: ArgumentHelp("Close a connection whose request head takes longer than this from its first byte.", valueName: "seconds"))
    var headTimeout: Double = 10

    @Option(
        name: .customLong("body-timeout"),
        help: ArgumentHelp("Close a connection whose request body takes longer than this after its head.", valueName: "seconds"))
    var bodyTimeout: Double = 30

    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp("Past this many open connections, answer only GET /healthz and /readyz (then close).", valueName: "n"))
    var maxConnections: Int = 4_096

    @Option(
        name: .customLong("drain-timeout"),
        help: ArgumentHelp("On SIGTERM, close whatever is still open after this long, then exit 0.", valueName: "seconds"))
    var drainTimeout: Double = 25

    @Option(
        name: .customLong("drain-idle-grace"),
        help: ArgumentHelp(
            "On SIGTERM, give an idle keep-alive connection this long for a request on its way, then close it.", valueName: "seconds"))
    var drainIdleGrace: Double = 1

    func validate() throws {
        for (name, value) in [
            ("idle-timeout", idleTimeout), ("head-timeout", headTimeout), ("body-timeout", bodyTimeout), ("drain-timeout", drainTimeout),
            ("drain-idle-grace", drainIdleGrace),
        ] where !(value > 0 && value <= 86_400) {
            throw ValidationError("--\(name) \(value) is not a duration; use more than 0 and at most 86400 seconds.")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError("--max-connections \(maxConnections) is out of range; use 1 through 1000000.")
        }
    }

    /// The options as the service's limits.
    var limits: TokenService.Limits {
        TokenService.Limits(
            idleTimeout: .seconds(idleTimeout), headTimeout: .seconds(headTimeout), bodyTimeout: .seconds(bodyTimeout),
            maxConnections: maxConnections, drainTimeout: .seconds(drainTimeout), drainIdleGrace: .seconds(drainIdleGrace))
    }
}
#endif
