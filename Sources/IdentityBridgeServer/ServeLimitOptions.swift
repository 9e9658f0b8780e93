#if TokenService
import ArgumentParser
import IdentityBridgeHummingbird
import IdentityBridgeService

/// `identity-server`'s connection limits: ``TokenService/Limits`` as options (seconds may be fractional), whose
/// defaults and ranges are the type's own.
struct ServeLimitOptions: ParsableArguments {
    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp("Close a keep-alive connection idle this long." + ServerSettings.helpNote(.idleTimeout), valueName: "seconds"))
    var idleTimeout: Double?

    @Option(
        name: .customLong("head-timeout"),
        help: ArgumentHelp(
            "Close a connection whose request head takes longer than this from its first byte." + ServerSettings.helpNote(.headTimeout),
            valueName: "seconds"))
    var headTimeout: Double?

    @Option(
        name: .customLong("body-timeout"),
        help: ArgumentHelp(
            "Close a connection whose request body takes longer than this after its head." + ServerSettings.helpNote(.bodyTimeout),
            valueName: "seconds"))
    var bodyTimeout: Double?

    @Option(
        name: .customLong("max-connections"),
        help: ArgumentHelp(
            "Past this many open connections, answer only GET /healthz and /readyz (then close)."
                + ServerSettings.helpNote(.maxConnections),
            valueName: "n"))
    var maxConnections: Int?

    @Option(
        name: .customLong("drain-timeout"),
        help: ArgumentHelp(
            "On SIGTERM, close whatever is still open after this long, then exit 0." + ServerSettings.helpNote(.drainTimeout),
            valueName: "seconds"))
    var drainTimeout: Double?

    @Option(
        name: .customLong("drain-idle-grace"),
        help: ArgumentHelp(
            "On SIGTERM, give an idle keep-alive connection this long for a request on its way, then close it."
                + ServerSettings.helpNote(.drainIdleGrace), valueName: "seconds"))
    var drainIdleGrace: Double?

    /// Refuses a value out of ``TokenService/Limits``' ranges (defined there once), naming its flag.
    func validate() throws {
        // A flag's number is checked before it becomes a `Duration` (which traps on NaN or one too large); its
        // combinations with the other settings, which the file or the environment may set, once all are read.
        for (setting, value) in durations {
            if let value, let problem = TokenService.Limits.durationProblem(seconds: value, named: setting.flag) {
                throw ValidationError(problem)
            }
        }
        if let maxConnections,
            let problem = TokenService.Limits.connectionProblem(count: maxConnections, named: ServerSetting.maxConnections.flag)
        {
            throw ValidationError(problem)
        }
    }

    private var durations: [(ServerSetting, Double?)] {
        [
            (.idleTimeout, idleTimeout), (.headTimeout, headTimeout), (.bodyTimeout, bodyTimeout), (.drainTimeout, drainTimeout),
            (.drainIdleGrace, drainIdleGrace),
        ]
    }

    /// The flags given, as ``ServerSettings/resolve(file:environment:flags:)`` takes them.
    var given: [ServerSetting: String] {
        var given: [ServerSetting: String] = [:]
        for (setting, value) in durations { given[setting] = value.map { "\($0)" } }
        given[.maxConnections] = maxConnections.map { "\($0)" }
        return given
    }
}
#endif
