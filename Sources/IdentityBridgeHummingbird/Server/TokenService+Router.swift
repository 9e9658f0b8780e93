#if TokenService
public import Hummingbird
public import IdentityBridgeService

extension TokenService {
    /// The router `run` serves: the routes, whose collection logs and counts them, then
    /// ``ServiceMiddleware``, which Hummingbird applies to the paths no route matches (the uniform
    /// 404, counted as `unmatched`).
    public func makeRouter() -> Router<BasicRequestContext> { makeRouter(routes: ServiceRoute.allCases) }

    /// A router of `routes` only, with the uniform 404 and 405 for the rest.
    package func makeRouter(routes: [ServiceRoute]) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.addRoutes(IdentityBridgeRoutes(state: state, metrics: metrics, logger: logger, tracer: tracer, routes: routes).collection())
        router.add(middleware: ServiceMiddleware<BasicRequestContext>(metrics: metrics, logger: logger, tracer: tracer, served: routes))
        return router
    }
}
#endif
