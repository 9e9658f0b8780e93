#if TokenService
public import Hummingbird

extension IdentityBridgeRoutes {
    /// The routes as a collection, from before the mounting trap was removed.
    ///
    /// A request is now counted once wherever ``ServiceMiddleware`` sits, so the flag no longer
    /// changes anything: both values give the collection of ``collection(context:)``.
    @available(*, deprecated, message: "Use collection(context:): a request is counted once however the routes are mounted")
    public func collection<Context: RequestContext>(
        context: Context.Type = BasicRequestContext.self,
        middleware: Bool
    ) -> RouteCollection<Context> {
        collection(context: context)
    }
}
#endif
