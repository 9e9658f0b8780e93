import Foundation
import HelpshiftAdapter
import IdentityBridge
import Testing

/// The event names HelpshiftEvent accepts, held to the values HelpshiftX 10.4.1's constants hold, as the excerpt of
/// the vendor's header records them (`Examples/AppBridges/Interfaces/HelpshiftX.h`: each `FOUNDATION_EXPORT NSString
/// *const` is followed by its `// swift:` line with the value read from the SDK's binary). A value that drifts, a
/// constant the enum lacks, or an enum case whose constant the header does not declare fails here.
@Suite("HelpshiftEvent against the HelpshiftX header excerpt")
struct HelpshiftXHeaderValuesTests {
    /// `(constant, value)` for every `HelpshiftEvent...` / identity-failure constant of the excerpt.
    static func headerEventConstants() throws -> [(constant: String, value: String)] {
        let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/AppBridges/Interfaces/HelpshiftX.h")
        let text = try String(contentsOf: header, encoding: .utf8)
        let line = /^\/\/ swift: public let (Helpshift\w+): String!? \/\/ "([^"]*)"$/
        var constants: [(String, String)] = []
        for row in text.split(separator: "\n") {
            guard let match = try line.wholeMatch(in: String(row)) else { continue }
            constants.append((String(match.1), String(match.2)))
        }
        return constants
    }

    /// The header's event constants: event names (`HelpshiftEventName...` less the data keys), the identity
    /// events (`HelpshiftEvent...` other than `HelpshiftEventData...`), and the login failure reasons the SDK
    /// also sends as events of `addUserIdentities` (helpshift-events.txt, "User Identity System Events").
    static func isEvent(_ constant: String) -> Bool {
        if constant.hasPrefix("HelpshiftEventData") { return false }
        if constant.hasPrefix("HelpshiftEvent") { return true }
        return [
            "HelpshiftIdentityTokenInvalid", "HelpshiftIatIsMandatory", "HelpshiftIdentitiesDataInvalid",
            "HelpshiftIdentitiesSizeLimitExceeded",
        ].contains(constant)
    }

    @Test("every event constant's value is the first name HelpshiftEvent accepts for that constant")
    func valuesMatchTheHeader() throws {
        let events = try Self.headerEventConstants().filter { Self.isEvent($0.constant) }
        #expect(events.count >= 25, "the excerpt's `// swift:` lines were not found (\(events.count))")
        for (constant, value) in events {
            let byValue = HelpshiftEvent(vendorName: value)
            #expect(byValue?.constant == constant, "\(constant) = \"\(value)\" is read as \(byValue?.constant ?? "no event")")
            let event = try #require(HelpshiftEvent(rawValue: constant), "HelpshiftEvent has no case for \(constant)")
            #expect(event.rawNames.first == value, "\(constant): the SDK sends \"\(value)\", the first accepted name is \(event.rawNames)")
        }
    }

    @Test("every HelpshiftEvent case but the delegate callback is a constant of the header")
    func everyCaseIsInTheHeader() throws {
        let constants = Set(try Self.headerEventConstants().map(\.constant))
        // `authenticationFailedForUser(with:)` is a HelpshiftDelegate method, not an event constant.
        for event in HelpshiftEvent.allCases where event != .authenticationFailed {
            #expect(constants.contains(event.constant), "\(event.constant) is not declared by HelpshiftX 10.4.1")
        }
    }
}
