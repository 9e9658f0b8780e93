import Foundation
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import Testing

/// Issue 59: a request whose path names a served app and provider is counted under both whatever its outcome, so a
/// dashboard filtered on one provider shows that provider's refusals; a provider no app serves is never a label.
@Suite struct ServiceProviderLabelTests {
    @Test func everyRefusalIsCountedUnderTheProviderItsPathNames() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let chat = ServiceRouteTests.chat
            let refusals: [(Int, ServiceClient.Answer)] = [
                (401, try await client.post("\(chat)/credentials", body: ServiceRouteTests.user, bearer: "wrong-key")),
                (401, try await client.post("\(chat)/credentials", body: ServiceRouteTests.user, bearer: nil)),
                (401, try await client.post("\(chat)/verify", body: #"{"token": "x"}"#, bearer: "wrong-key")),
                (413, try await client.post("\(chat)/credentials", body: String(repeating: " ", count: 5000))),
                (415, try await client.post("\(chat)/credentials", body: ServiceRouteTests.user, contentType: "text/plain")),
                (422, try await client.post("\(chat)/credentials", body: #"{"user_id": "\#(String(repeating: "a", count: 300))"}"#)),
            ]
            for (status, answer) in refusals { #expect(answer.status == status, "\(answer.text)") }
            _ = try await client.post("/v1/apps/demo/providers/nobody/credentials", body: ServiceRouteTests.user, bearer: "wrong-key")
            let metrics = try await client.get("/metrics").text
            let credentials = "/v1/apps/{app}/providers/{provider}/credentials"
            for (status, count) in [(401, 2), (413, 1), (415, 1), (422, 1)] {
                let series =
                    #"identitybridge_http_requests_total{route="\#(credentials)",status="\#(status)",app="demo",provider="chat"} \#(count)"#
                #expect(metrics.contains(series), "\(series) in \(metrics)")
            }
            #expect(
                metrics.contains(
                    #"identitybridge_http_requests_total{route="/v1/apps/{app}/providers/{provider}/verify",status="401",app="demo",provider="chat"} 1"#
                ), "\(metrics)")
            // The unknown provider's refusal: the app, no provider label (a path segment no configuration serves).
            #expect(metrics.contains(#"status="401",app="demo",provider=""} 1"#), "\(metrics)")
            #expect(!metrics.contains("nobody"))
        }
    }
}
