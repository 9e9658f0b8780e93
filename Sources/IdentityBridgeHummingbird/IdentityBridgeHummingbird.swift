#if TokenService
/// The service core the Hummingbird front end serves: `import IdentityBridgeHummingbird` brings `TokenService`,
/// `ServiceState` and `ServiceMetrics` with it.
@_exported public import IdentityBridgeService
#endif
