import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import Testing
import Yams

/// Keeps `Sources/IdentityBridgeService/openapi.yaml` true: its paths and methods are exactly
/// the registered routes, and every status the service answers is documented for its route.
@Suite struct OpenAPIDocumentTests {
    static let documentPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/IdentityBridgeService/openapi.yaml").path

    /// `[path: [METHOD: [status]]]` from the document.
    static func documented() throws -> [String: [String: Set<Int>]] {
        let text = try String(contentsOfFile: documentPath, encoding: .utf8)
        let root = try #require(try Yams.load(yaml: text) as? [String: Any])
        #expect(root["openapi"] as? String == "3.1.0")
        let paths = try #require(root["paths"] as? [String: Any])
        var result: [String: [String: Set<Int>]] = [:]
        for (path, item) in paths {
            let operations = try #require(item as? [String: Any])
            for (method, operation) in operations where ["get", "post", "put", "delete", "patch"].contains(method) {
                let responses = try #require((operation as? [String: Any])?["responses"] as? [String: Any])
                result[path, default: [:]][method.uppercased()] = Set(responses.keys.compactMap { Int($0) })
            }
        }
        return result
    }

    @Test func documentListsExactlyTheRegisteredRoutes() throws {
        let document = try Self.documented()
        let registered = Set(IdentityBridgeRoutes.routes.map { "\($0.method) \($0.path)" })
        let listed = Set(document.flatMap { path, methods in methods.keys.map { "\($0) \(path)" } })
        #expect(listed == registered)
        for (path, methods) in document {
            for (method, statuses) in methods { #expect(statuses.contains(405), "\(method) \(path) documents no 405") }
        }
    }

    @Test func everyAnsweredStatusIsDocumented() async throws {
        let document = try Self.documented()
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let session = try await fixture.sessionToken()
            let form = "application/x-www-form-urlencoded"
            var seen: [String: Set<Int>] = [:]
            for (route, provider, body, type, bearer) in [
                ("credentials", "chat", ServiceRouteTests.user, "application/json", ServiceFixture.apiKey),
                ("credentials", "chat", "{", "application/json", ServiceFixture.apiKey),
                ("credentials", "chat", "{}", "text/plain", ServiceFixture.apiKey),
                ("credentials", "chat", #"{"user_id":5}"#, "application/json", ServiceFixture.apiKey),
                ("credentials", "chat", String(repeating: " ", count: 5000), "application/json", ServiceFixture.apiKey),
                ("credentials", "chat", "", "application/json", "wrong"),
                ("credentials", "nope", "{}", "application/json", ServiceFixture.apiKey),
                ("credentials", "chat", "", "application/json", session),
                ("jwt", "zendesk-support", "user_token=\(session)", form, nil),
                ("jwt", "zendesk-support", "user_token=abc", form, nil),
                ("jwt", "zendesk-support", "x=1", form, nil),
                ("jwt", "zendesk-support", "user_token=abc", "application/json", nil),
                ("jwt", "chat", "user_token=abc", form, nil),
                ("verify", "chat", #"{"token":"abc"}"#, "application/json", ServiceFixture.apiKey),
                ("verify", "chat", "[", "application/json", ServiceFixture.apiKey),
                ("events", "helpshift", #"{"name":"widgetToggle","data":{"visible":true}}"#, "application/x-ndjson", ServiceFixture.apiKey),
                ("events", "helpshift", "x", "image/png", ServiceFixture.apiKey),
            ] as [(String, String, String, String, String?)] {
                let answer = try await client.post(
                    "/v1/apps/demo/providers/\(provider)/\(route)", body: body, contentType: type, bearer: bearer)
                seen["POST /v1/apps/{app}/providers/{provider}/\(route)", default: []].insert(answer.status)
            }
            for path in ["/healthz", "/readyz", "/metrics"] { seen["GET \(path)", default: []].insert(try await client.get(path).status) }
            seen["GET /v1/apps/{app}/providers/{provider}/credentials", default: []].insert(
                try await client.post("/v1/apps/demo/providers/chat/credentials", method: .get).status)
            for (key, statuses) in seen {
                let parts = key.split(separator: " ")
                let method = String(parts[0])
                let path = String(parts[1])
                // A wrong method is documented as the route's 405.
                let documented = document[path]?[method] ?? document[path]?.values.first.map { $0.filter { $0 == 405 } } ?? []
                #expect(statuses.isSubset(of: documented), "\(key) answered \(statuses.sorted()); documented \(documented.sorted())")
            }
            #expect(seen.values.reduce(0) { $0 + $1.count } >= 16)
        }
    }
}
