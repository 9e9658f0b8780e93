import Foundation
import HelpshiftAdapter
import IdentityBridge
import Testing

/// Audit: value constants of helpshift-events.txt that the other event tests do not exercise.
@Suite("Helpshift audit: event value constants")
struct AuditEventConstantsTests {
    static func map(_ name: String, _ data: JSONValue) throws(IdentityError) -> IdentityEvent.Payload? {
        try HelpshiftEventMapper.map(
            name: name, data: data, provider: HelpshiftFixture.reference, timestamp: Date(timeIntervalSince1970: 0)
        ).first?.payload
    }

    @Test(
        "Message Add: \"HelpshiftEventDataMessageTypeText\" / \"HelpshiftEventDataMessageTypeAttachment\" are the types text / attachment")
    func messageTypeConstants() throws {
        for (constant, raw) in [("HelpshiftEventDataMessageTypeText", "text"), ("HelpshiftEventDataMessageTypeAttachment", "attachment")] {
            let byConstant = try Self.map(
                "HelpshiftEventNameMessageAdd", ["HelpshiftEventDataMessageType": .string(constant), "HelpshiftEventDataMessageBody": "b"])
            #expect(byConstant == .message(.init(type: raw, body: "b")))
            #expect(try Self.map("messageAdd", ["type": .string(raw), "body": "b"]) == byConstant)
        }
    }

    @Test("User Click on Action: \"HelpshiftEventDataActionTypeCall or call\", \"HelpshiftEventDataActionTypeLink or link\"")
    func actionTypeConstants() throws {
        for (constant, raw, kind) in [
            ("HelpshiftEventDataActionTypeCall", "call", IdentityEvent.ActionClick.Kind.call),
            ("HelpshiftEventDataActionTypeLink", "link", .link),
        ] {
            let expected = IdentityEvent.Payload.action(.init(kind: kind, data: "x"))
            #expect(
                try Self.map(
                    "HelpshiftEventNameUserClickOnAction",
                    ["HelpshiftEventDataActionType": .string(constant), "HelpshiftEventDataActionData": "x"]) == expected)
            #expect(try Self.map("userClickOnAction", ["actionType": .string(raw), "actionData": "x"]) == expected)
        }
    }
}
