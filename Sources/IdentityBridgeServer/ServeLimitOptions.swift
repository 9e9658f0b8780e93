#if TokenService
import ArgumentParser
import IdentityBridgeHummingbird
import IdentityBridgeService

/// `identity-server`'s connection limits: ``TokenService/Limits`` as options (seconds may be fractional), whose
/// defaults and ranges are the type's own.
struct ServeLimitOptions: ParsableArguments {
    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Close a keep-alive connection idle this long.", valueName: "seconds"))
    var idleTimeout: Double = TokenService.Limits.defaults.idleTimeout.seconds

    @Option(
        name: .customLong("head-timeout"),
        help: ArgumentHelp("Close a connection whose request head takes longer than this from its first byte.", valueName: "seconds"))
    var headTimeout: Double = TokenService.Limits.defaults.headTimeout.seconds

    @Option(
        name: .customLong("body-timeout"),
        help: ArgumentHelp("Close a connection whose request body takes longer than this after its head.", valueName: "seconds"))
    var bodyTimeout: Double = TokenService.Limits.defaults.bodyTimeout.seconds

    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp("Past this many open connections, answer only GET /healthz and /readyz (then close).", valueName: "n"))
    var maxConnections: Int = TokenService.Limits.defaults.maxConnections

    @Option(
        name: .customLong("drain-timeout"),
        help: ArgumentHelp("On SIGTERM, close whatever is still open after this long, then exit 0.", valueName: "seconds"))
    var drainTimeout: Double = TokenService.Limits.defaults.drainTimeout.seconds

    @Option(
        name: .customLong("drain-idle-grace"),
        help: ArgumentHelp(
            "On SIGTERM, give an idle keep-alive connection this long for a request on its way, then close it.", valueName: "seconds"))
    var drainIdleGrace: Double = TokenService.Limits.defaults.drainIdleGrace.seconds

    /// Refuses a value out of ``TokenService/Limits``' ranges (defined there once), naming its flag.
    func validate() throws {
        // A flag's number is checked before it becomes a `Duration` (which traps on NaN or one too large).
        for (key, value) in [
            (\TokenService.Limits.idleTimeout, idleTimeout), (\.headTimeout, headTimeout), (\.bodyTimeout, bodyTimeout),
            (\.drainTimeout, drainTimeout), (\.drainIdleGrace, drainIdleGrace),
        ] {
            if let problem = TokenService.Limits.durationProblem(seconds: value, named: Self.flag(key)) { throw ValidationError(problem) }
        }
        if let problem = limits.problem(naming: Self.flag) { throw ValidationError(problem) }
    }

    /// The flag of a ``TokenService/Limits`` setting.
    static func flag(_ key: PartialKeyPath<TokenService.Limits>) -> String {
        let flags: [(PartialKeyPath<TokenService.Limits>, String)] = [
            (\.idleTimeout, "--idle-timeout"), (\.headTimeout, "--head-timeout"), (\.bodyTimeout, "--body-timeout"),
            (\.maxConnections, "--max-connections"), (\.drainTimeout, "--drain-timeout"), (\.drainIdleGrace, "--drain-idle-grace"),
        ]
        return flags.first { $0.0 == key }?.1 ?? "\(key)"
    }

    /// The options as the service's limits.
    var limits: TokenService.Limits {
        TokenService.Limits(
            idleTimeout: .seconds(idleTimeout), headTimeout: .seconds(headTimeout), bodyTimeout: .seconds(bodyTimeout),
            maxConnections: maxConnections, drainTimeout: .seconds(drainTimeout), drainIdleGrace: .seconds(drainIdleGrace))
    }
}
#endif
