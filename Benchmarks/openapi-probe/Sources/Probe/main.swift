// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the method names are the generator's: the document gives its operations no operationId)
import Foundation
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Synchronization

/// How many requests reached the credentials handler (the generated code decodes the body first).
let reached = Atomic<Int>(0)
typealias Ops = Operations

/// The generated server protocol: the credentials route counts the requests that reach it and answers 299; the
/// others are not probed.
struct Probe: APIProtocol {
    func post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_credentials(
        _ input: Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_credentials.Input
    ) async throws -> Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_credentials.Output {
        reached.add(1, ordering: .relaxed)
        return .undocumented(statusCode: 299, .init())
    }
    func post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_jwt(
        _ input: Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_jwt.Input
    ) async throws -> Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_jwt.Output {
        .undocumented(statusCode: 501, .init())
    }
    func post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_verify(
        _ input: Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_verify.Input
    ) async throws -> Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_verify.Output {
        .undocumented(statusCode: 501, .init())
    }
    func post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_events(
        _ input: Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_events.Input
    ) async throws -> Ops.post_sol_v1_sol_apps_sol__lcub_app_rcub__sol_providers_sol__lcub_provider_rcub__sol_events.Output {
        .undocumented(statusCode: 501, .init())
    }
    func get_sol_healthz(_ input: Ops.get_sol_healthz.Input) async throws -> Ops.get_sol_healthz.Output {
        .undocumented(statusCode: 501, .init())
    }
    func get_sol_readyz(_ input: Ops.get_sol_readyz.Input) async throws -> Ops.get_sol_readyz.Output {
        .undocumented(statusCode: 501, .init())
    }
    func get_sol_metrics(_ input: Ops.get_sol_metrics.Input) async throws -> Ops.get_sol_metrics.Output {
        .undocumented(statusCode: 501, .init())
    }
}

let router = Router()
try Probe().registerHandlers(on: router)
router.get("/reached") { _, _ in "\(reached.load(ordering: .relaxed))" }
// Loopback, a free port: the first line printed is `listening PORT`.
let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in FileHandle.standardOutput.write(Data("listening \(channel.localAddress?.port ?? 0)\n".utf8)) })
try await app.runService()
