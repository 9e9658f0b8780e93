import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityBridge
import Testing

@testable import IdentityBridgeHummingbird
@testable import IdentityBridgeService

/// Issue 26 at the router: every method a known path does not serve is 405 with `Allow`, free-text
/// fields have a ceiling (`value_too_long` with the field), and the events route's answer is bounded.
@Suite struct ServiceHardeningRouteTests {
    @Test(arguments: ["TRACE", "PROPFIND", "QUERY", "CONNECT", "LOCK"])
    func everyMethodAKnownPathDoesNotServeIs405WithAllow(_ method: String) async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            for (path, allowed) in [
                ("/healthz", "GET"), ("/readyz", "GET"), ("/metrics", "GET"), ("\(ServiceRouteTests.chat)/credentials", "POST"),
            ] {
                let answer = try await client.post(path, method: try #require(HTTPRequest.Method(method)))
                #expect(answer.status == 405, "\(method) \(path): \(answer.text)")
                #expect(answer.headers[.allow] == allowed)
                #expect(answer.errorField == "method")
            }
            // An unknown path stays 404.
            #expect(try await client.post("/nowhere", method: try #require(HTTPRequest.Method(method))).status == 404)
            // Each 405 is counted under the route whose path it named, the 404 as unmatched.
            let metrics = try await client.get("/metrics").text
            for route in ["/healthz", "/readyz", "/metrics", "/v1/apps/{app}/providers/{provider}/credentials", "unmatched"] {
                let status = route == "unmatched" ? 404 : 405
                let series = #"identitybridge_http_requests_total{route="\#(route)",status="\#(status)",app="",provider=""} 1"#
                #expect(metrics.contains(series), "\(series) in \(metrics)")
            }
        }
    }

    @Test func aLongNameOrEmailIsRefusedWithItsField() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            let name = String(repeating: "n", count: UserIdentity.Limits.nameMaxBytes + 1)
            for provider in [ServiceRouteTests.chat, ServiceRouteTests.support] {
                let long = try await client.post(
                    "\(provider)/credentials", body: #"{"user_id":"u-1","email":"a@example.com","name":"\#(name)"}"#)
                #expect(long.status == 422, "\(long.text)")
                #expect(long.errorCode == "value_too_long")
                #expect(long.errorField == "name")
                // At the ceiling, the name is accepted.
                let atLimit = String(name.dropFirst())
                let ok = try await client.post(
                    "\(provider)/credentials", body: #"{"user_id":"u-1","email":"a@example.com","name":"\#(atLimit)"}"#)
                #expect(ok.status == 200, "\(ok.text)")
            }
            // Helpshift truncates userName itself at 255 characters (its own rule): accepted, and bounded.
            let helpshift = try await client.post(
                "\(ServiceRouteTests.helpshift)/credentials", body: #"{"user_id":"u-1","name":"\#(name)"}"#)
            #expect(helpshift.status == 200, "\(helpshift.text)")
            #expect(helpshift.text.utf8.count < 1_024)
            // Helpshift's legacy login states no email limit: the ceiling, with its field.
            let email = String(repeating: "e", count: 64) + "@" + String(repeating: "d", count: UserIdentity.Limits.emailMaxBytes) + ".com"
            let longEmail = try await client.post(
                "\(ServiceRouteTests.helpshift)/credentials", body: #"{"user_id":"u-1","email":"\#(email)"}"#)
            #expect(longEmail.status == 422, "\(longEmail.text)")
            #expect(longEmail.errorCode == "value_too_long")
            #expect(longEmail.errorField == "email")
        }
    }

    @Test func theEventsAnswerIsBoundedPerLineAndInTotal() {
        let line = #"{"name": "widgetToggle", "data": {"visible": true}}"#
        let event = IdentityEvent(.widgetToggled, provider: ProviderReference(kind: "helpshift"), timestamp: Date(timeIntervalSince1970: 0))
        let text = Array(repeating: line, count: 100).joined(separator: "\n")
        // Each line maps to an event; the total stops at the limit with one limit_exceeded line.
        let limit = 2_000
        let output = VendorEventLines.map(text, outputLimit: limit) { _, _ throws(IdentityError) in [event] }
        let lines = output.split(separator: "\n")
        #expect(output.utf8.count <= limit + 400)
        #expect(lines.count < 100)
        let last = try? JSONValue.parse(String(lines.last ?? ""))
        #expect(last?["error"]?["code"] == "limit_exceeded")
        #expect(last?["line"]?.intValue == Int64(lines.count))
        // A line over the per-line limit is refused by itself; the next line is still mapped.
        let long = #"{"name": "widgetToggle", "data": {"x": ""# + String(repeating: "x", count: VendorEventLines.maxLineBytes) + #""}}"#
        let mixed = VendorEventLines.map(long + "\n" + line, outputLimit: 1 << 20) { _, _ throws(IdentityError) in [event] }
        let parts = mixed.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
        #expect(parts.count == 2)
        #expect(parts.first?["error"]?["code"] == "value_too_long")
        #expect(parts.first?["error"]?["field"] == "line")
        #expect(parts.last?["error"] == nil)
    }

    @Test func theEventsRouteMapsAtMostMaxEventsLinesPerRequest() async throws {
        let line = #"{"name": "widgetToggle", "data": {"visible": true}}"#
        let event = IdentityEvent(.widgetToggled, provider: ProviderReference(kind: "helpshift"), timestamp: Date(timeIntervalSince1970: 0))
        // Blank lines are not counted: line 2 is blank, so the limit falls on line maxEvents + 2.
        let text = ([line, ""] + Array(repeating: line, count: VendorEventLines.maxEvents + 49)).joined(separator: "\n")
        var calls = 0
        let output = VendorEventLines.map(text, outputLimit: 1 << 20) { _, _ throws(IdentityError) in
            calls += 1
            return [event]
        }
        #expect(calls == VendorEventLines.maxEvents)
        let lines = output.split(separator: "\n")
        #expect(lines.count == VendorEventLines.maxEvents + 1)
        let last = try JSONValue.parse(String(try #require(lines.last)))
        #expect(last["error"]?["code"] == "limit_exceeded")
        #expect(last["error"]?["field"] == "body")
        #expect(last["line"]?.intValue == Int64(VendorEventLines.maxEvents + 2))
        #expect(last["error"]?["message"]?.stringValue?.contains("\(VendorEventLines.maxEvents) events") == true)
        // Exactly maxEvents lines: all mapped, no limit line.
        let full = Array(repeating: line, count: VendorEventLines.maxEvents).joined(separator: "\n")
        let all = VendorEventLines.map(full, outputLimit: 1 << 20) { _, _ throws(IdentityError) in [event] }
        #expect(!all.contains("limit_exceeded"))
        #expect(all.split(separator: "\n").count == VendorEventLines.maxEvents)

        // Over HTTP, on the Helpshift events route.
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, _ in
            // Short lines: 101 of them stay under the fixture's 4 KiB body limit.
            let line = #"{"name":"widgetToggle"}"#
            let answer = try await client.post(
                "\(ServiceRouteTests.helpshift)/events",
                body: Array(repeating: line, count: VendorEventLines.maxEvents + 1).joined(separator: "\n"),
                contentType: "application/x-ndjson")
            #expect(answer.status == 200)
            let answered = answer.text.split(separator: "\n")
            #expect(answered.count == VendorEventLines.maxEvents + 1)
            #expect(answered.last?.contains("limit_exceeded") == true)
        }
    }

    @Test func readyzAnswers503OnceTheServiceDrains() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        try await withRouter(fixture) { client, service in
            #expect(try await client.get("/readyz").status == 200)
            service.state.beginDraining()
            let draining = try await client.get("/readyz")
            #expect(draining.status == 503)
            #expect(try await client.get("/healthz").status == 200)
        }
    }
}
