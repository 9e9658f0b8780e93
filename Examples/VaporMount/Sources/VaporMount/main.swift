import IdentityBridge
import IdentityBridgeStandard
import IdentityBridgeVapor
import Vapor

// The README's Vapor mount: the token service's routes in a Vapor 4 app.
let service = TokenService(configPath: "identity.yaml", loader: ConfigurationLoader(registry: StandardProviders.registry))
try await service.start()
let app = try await Application.make(.detect())
let routes = IdentityBridgeVaporRoutes(state: service.state, metrics: service.metrics, logger: service.logger)
app.middleware.use(routes.middleware)  // the uniform 404, and 405 with Allow
try app.register(collection: routes)
try await app.execute()
try await app.asyncShutdown()
