#if TokenService
/// The route label of a request's metrics and log line.
enum RouteLabel {
    /// The router's matched path (an app's own route: Hummingbird writes a parameter `{name}`, as the
    /// service's route table does), or `unmatched` when it matched none.
    static func of(matched path: String) -> String { path.hasPrefix("/") ? path : "unmatched" }
}
#endif
