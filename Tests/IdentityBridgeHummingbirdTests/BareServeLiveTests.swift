import Foundation
import IdentityBridge
import IdentityBridgeTestSupport
import Testing

/// `identityctl bare-serve --config --app --provider`, the third side of `Benchmarks/service-load.sh`
/// (the credentials route's required work only): it must answer what the service answers, or the
/// load script would compare the service with a route that does something else.
@Suite(.serialized) struct BareServeLiveTests {
    static let arguments = ["--app", "demo", "--provider", "chat"]

    @Test func theMinimalRouteAnswersTheServicesCredential() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let service = try ServeProcess(config: fixture.configPath)
        defer { service.stop() }
        let minimal = try ServeProcess(config: fixture.configPath, arguments: Self.arguments, command: "bare-serve")
        defer { minimal.stop() }
        _ = try #require(try service.waitUntilListening(), "\(service.errorOutput)")
        _ = try #require(try minimal.waitUntilListening(), "\(minimal.errorOutput)")

        let (serviceStatus, serviceText) = try service.request(ServeLiveTests.credentials, body: ServiceRouteTests.user)
        let (minimalStatus, minimalText) = try minimal.request(ServeLiveTests.credentials, body: ServiceRouteTests.user)
        #expect(serviceStatus == 200, "\(serviceText)")
        #expect(minimalStatus == 200, "\(minimalText)")
        // The same object, of the same size (the load script compares answers of one size).
        #expect(minimalText.utf8.count == serviceText.utf8.count)
        let served = try JSONValue.parse(serviceText)
        let answered = try JSONValue.parse(minimalText)
        #expect(answered.objectValue?.keys.sorted() == ["app", "credential", "kind", "provider"])
        for key in ["app", "kind", "provider"] { #expect(answered[key] == served[key], "\(key)") }
        let servedJWT = try DecodedJWT.decode(try #require(served["credential"]?["jwt"]?.stringValue))
        let answeredJWT = try DecodedJWT.decode(try #require(answered["credential"]?["jwt"]?.stringValue))
        let timeless = { (claims: [String: JSONValue]) in claims.filter { $0.key != "iat" && $0.key != "exp" } }
        #expect(timeless(answeredJWT.claims) == timeless(servedJWT.claims))
        #expect(answeredJWT.claims["external_id"] == "u-1")
        // The service's verify route accepts the minimal route's credential: same key, same rules.
        let token = try #require(answered["credential"]?["jwt"]?.stringValue)
        let (verifyStatus, verifyText) = try service.request(
            "/v1/apps/demo/providers/chat/verify", body: JSONValue.object(["token": .string(token)]).jsonString)
        #expect(verifyStatus == 200)
        #expect(try JSONValue.parse(verifyText)["valid"] == true, "\(verifyText)")
    }

    @Test func theMinimalRouteRefusesWhatItCannotServe() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let minimal = try ServeProcess(config: fixture.configPath, arguments: Self.arguments, command: "bare-serve")
        defer { minimal.stop() }
        _ = try #require(try minimal.waitUntilListening(), "\(minimal.errorOutput)")
        #expect(try minimal.request(ServeLiveTests.credentials, body: ServiceRouteTests.user, bearer: "wrong-key").0 == 401)
        #expect(try minimal.request(ServeLiveTests.credentials, body: ServiceRouteTests.user, bearer: nil).0 == 401)
        #expect(try minimal.request(ServeLiveTests.credentials, body: "[1]").0 == 400)
        #expect(try minimal.request(ServeLiveTests.credentials, body: #"{"user_id":""}"#).0 == 422)
        // The previous API key is a key of the app too.
        #expect(
            try minimal.request(ServeLiveTests.credentials, body: ServiceRouteTests.user, bearer: ServiceFixture.previousAPIKey).0 == 200)
    }

    @Test(arguments: [
        (["--app", "demo"], "go together"),
        (["--app", "demo", "--provider", "nope"], "no provider \"nope\""),
        (["--app", "hidden", "--provider", "zendesk-chat"], "no 'service:' section"),
        (["--body-size", "2000000"], "--body-size 2000000 is not 0 through 1048576 bytes"),
    ])
    func aConfigurationItCannotServeStopsItAtStart(arguments: [String], message: String) async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let minimal = try ServeProcess(config: fixture.configPath, arguments: arguments, command: "bare-serve")
        defer { minimal.stop() }
        #expect(try minimal.waitUntilListening() == nil)
        let status = try #require(minimal.waitForExit())
        #expect(status != 0)
        #expect(await eventually { minimal.errorOutput.contains(message) })
    }

    @Test func aMissingConfigurationFileStopsItAtStart() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("ib-missing-\(UUID().uuidString).yaml").path
        let minimal = try ServeProcess(config: missing, arguments: Self.arguments, command: "bare-serve")
        defer { minimal.stop() }
        #expect(try minimal.waitUntilListening() == nil)
        #expect(try #require(minimal.waitForExit()) == 1)
        #expect(await eventually { minimal.errorOutput.contains("configuration_invalid") && minimal.errorOutput.contains(missing) })
    }
}
