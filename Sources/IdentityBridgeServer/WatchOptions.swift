#if TokenService
import ArgumentParser
import IdentityBridgeHummingbird
import IdentityBridgeService

/// `--watch-interval SECONDS` and `--no-watch`: how `serve` notices changed input files.
struct WatchOptions: ParsableArguments {
    /// The bounds of `--watch-interval`: 50 ms through one hour.
    static let intervalRange: ClosedRange<Double> = 0.05...3600

    @Option(
        name: .customLong("watch-interval"),
        help: ArgumentHelp(
            "Look for changes of the configuration file and every file it reads this often, in seconds (0.05 through 3600); "
                + "a change reloads once the files rest for the smaller of the interval and 0.5 s.",
            valueName: "seconds"))
    var watchInterval: Double = 2

    @Flag(name: .customLong("no-watch"), help: "Do not watch the files: reload only on SIGHUP.")
    var noWatch = false

    func validate() throws {
        guard Self.intervalRange.contains(watchInterval) else {
            throw ValidationError(
                "--watch-interval \(watchInterval) is not 0.05 through 3600 seconds; use --no-watch to turn watching off.")
        }
    }

    /// The watcher's settings, or `nil` with `--no-watch`.
    var settings: ConfigurationWatcher.Settings? {
        noWatch ? nil : ConfigurationWatcher.Settings(interval: .milliseconds(Int64((watchInterval * 1000).rounded())))
    }
}
#endif
