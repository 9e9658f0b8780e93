#if TokenService
package import HTTPTypes

/// The token service's routes, each with its one method and its path as the OpenAPI document writes it.
///
/// The route table is this type: `IdentityBridgeRoutes` registers every case with a handler chosen by
/// a `switch`, the metrics label a request by its case's ``path``, and `ServiceMiddleware` answers
/// 405 with `Allow` from ``matching(path:)``. No request dispatches on a string.
package enum ServiceRoute: Hashable, CaseIterable, Sendable {
    /// What a route does with one provider instance of a served app (`/v1/apps/{app}/providers/{provider}/<operation>`).
    package enum Operation: String, CaseIterable, Sendable {
        case credentials, jwt, verify, events
    }

    /// `POST /v1/apps/{app}/providers/{provider}/<operation>`.
    case instance(Operation)
    /// `GET /healthz`, `GET /readyz`, `GET /metrics`.
    case healthz, readyz, metrics

    /// Every route, in the order they are registered.
    package static let allCases: [ServiceRoute] = Operation.allCases.map(ServiceRoute.instance) + [.healthz, .readyz, .metrics]

    /// The one method the route serves.
    package var method: HTTPRequest.Method {
        switch self {
        case .instance: .post
        case .healthz, .readyz, .metrics: .get
        }
    }

    /// The path in OpenAPI syntax (`{app}`), which Hummingbird's router takes as it is: the route's
    /// metrics label and its key in the document.
    package var path: String {
        switch self {
        case .instance(let operation): "/v1/apps/{app}/providers/{provider}/\(operation.rawValue)"
        case .healthz: "/healthz"
        case .readyz: "/readyz"
        case .metrics: "/metrics"
        }
    }

    /// The route whose template `path` matches (`{name}` matching one non-empty segment), if one
    /// does: a request to that path with another method answers 405, counted under the route.
    package static func matching(path: some StringProtocol) -> ServiceRoute? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (route, template) in templates where template.count == segments.count {
            if zip(template, segments).allSatisfy({ $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }) { return route }
        }
        return nil
    }

    /// Each route with its template's segments, split once.
    private static let templates = allCases.map { ($0, $0.path.split(separator: "/", omittingEmptySubsequences: false)) }
}
#endif
