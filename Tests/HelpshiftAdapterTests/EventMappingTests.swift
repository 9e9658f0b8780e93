import Foundation
import HelpshiftAdapter
import IdentityBridge
import Testing

@Suite("Helpshift events -> uniform taxonomy (helpshift-events.txt)")
struct EventMappingTests {
    typealias F = HelpshiftFixture
    let plugin = HelpshiftPlugin()
    let at = Date(timeIntervalSince1970: 1_767_225_600)

    func map(_ name: String, _ data: JSONValue = .null) throws(IdentityError) -> IdentityEvent {
        let events = try plugin.mapVendorEvent(name: name, data: data, provider: F.reference, timestamp: at)
        guard events.count == 1, let event = events.first else { throw IdentityError(.unknown, message: "expected one event") }
        return event
    }

    /// Every event of the spec with valid data in raw-key style.
    static let samples: [(HelpshiftEvent, JSONValue)] = [
        (.conversationStatus, ["latestIssueId": "1", "latestIssuePublishId": "2", "open": true]),
        (.widgetToggle, ["visible": true]),
        (.conversationStart, ["message": "hi"]),
        (.messageAdd, ["type": "text", "body": "hi"]),
        (.agentMessageReceived, ["publishId": "9", "createdTs": 1, "type": "text", "body": "b"]),
        (.userClickOnAction, ["actionType": "link", "actionData": "https://x"]),
        (.csatSubmit, ["rating": 5, "additionalFeedback": "ok"]),
        (.conversationEnd, .null), (.conversationRejected, .null), (.conversationResolved, .null), (.conversationReopened, .null),
        (.sessionStarted, .null), (.sessionEnded, .null),
        (.receivedUnreadMessageCount, ["count": 3, "fromCache": false]),
        (.authenticationFailed, ["reason": "AuthTokenNotProvided"]),
        (.identityTokenInvalid, .null), (.iatIsMandatory, .null),
        (.identitiesDataInvalid, ["uid": "HelpshiftEmptyData"]), (.identitiesSizeLimitExceeded, .null),
        (.addUserIdentitiesSyncFailed, ["uid": "HelpshiftInvalidData"]),
        (.appAttributesLimitExceeded, .null), (.masterAttributesLimitExceeded, .null),
        (.attributesDataInvalid, ["k": "HelpshiftInvalidValueType"]),
        (.updateAppAttributesValidationFailed, ["k": "HelpshiftInvalidValueType"]),
        (.updateMasterAttributesValidationFailed, ["age": "HelpshiftInvalidValueType"]),
        (.updateAppAttributesSyncFailed, ["k": "HelpshiftInvalidData"]),
        (.updateMasterAttributesSyncFailed, ["age": "HelpshiftInvalidData"]),
        (.userIdentityNotEnabled, .null), (.userSessionExpired, .null), (.refreshUserCredentials, .null),
    ]

    @Test("every event is covered by a sample")
    func samplesCoverEveryEvent() {
        #expect(Set(Self.samples.map(\.0)) == Set(HelpshiftEvent.allCases))
    }

    @Test("every event maps by constant name, by raw value, and by any case to its uniform name")
    func everyName() throws {
        for (event, data) in Self.samples {
            #expect(try map(event.constant, data).name == event.uniformName, "\(event.constant)")
            for raw in event.rawNames {
                #expect(try map(raw, data).name == event.uniformName, "\(raw)")
            }
            #expect(try map(event.rawNames[0].uppercased(), data).name == event.uniformName)
            #expect(event.uniformName != .vendorEvent)
        }
    }

    @Test(
        "the expected uniform names",
        arguments: [
            ("HelpshiftEventNameConversationStatus", "conversation_status"), ("widgetToggle", "widget_toggled"),
            ("HelpshiftEventNameConversationStart", "conversation_started"), ("messageAdd", "message_added"),
            ("agentMessageReceived", "agent_message_received"), ("userClickOnAction", "action_clicked"),
            ("HelpshiftEventNameCSATSubmit", "csat_submitted"), ("conversationEnd", "conversation_ended"),
            ("conversationRejected", "conversation_rejected"), ("conversationResolved", "conversation_resolved"),
            ("conversationReopened", "conversation_reopened"), ("HelpshiftEventNameSessionStarted", "support_session_started"),
            ("helpshiftSessionEnded", "support_session_ended"), ("HelpshiftEventNameReceivedUnreadMessageCount", "unread_count_received"),
            ("HelpshiftEventUserSessionExpired", "session_expired"),
            ("HelpshiftEventRefreshUserCredentials", "credentials_refresh_requested"),
            ("HelpshiftIdentityTokenInvalid", "authentication_failed"), ("HelpshiftEventUserIdentityNotEnabled", "attributes_rejected"),
        ])
    func uniformNames(_ name: String, _ uniform: String) {
        #expect(HelpshiftEvent(vendorName: name)?.uniformName.rawValue == uniform)
    }

    @Test("Conversation Status: latestIssueId, latestIssuePublishId, open (constant and raw keys)")
    func conversationStatus() throws {
        let expected = IdentityEvent.Payload.conversationStatus(.init(issueId: "11", publishId: "22", isOpen: true))
        #expect(try map("conversationStatus", ["latestIssueId": "11", "latestIssuePublishId": "22", "open": true]).payload == expected)
        #expect(
            try map(
                "HelpshiftEventNameConversationStatus",
                [
                    "HelpshiftEventDataLatestIssueId": 11, "HelpshiftEventDataLatestIssuePublishId": "22",
                    "HelpshiftEventDataIsIssueOpen": 1,
                ]
            ).payload == expected)
    }

    @Test("Widget Toggle: \"triggered with a boolean value of visible key\"")
    func widget() throws {
        #expect(try map("widgetToggle", ["visible": false]).payload == .widget(visible: false))
        #expect(try map("HelpshiftEventNameWidgetToggle", ["HelpshiftEventDataVisible": true]).payload == .widget(visible: true))
        let missing = F.error { try map("widgetToggle", [:]) }
        #expect(missing?.code == .invalidValueType)
        #expect(missing?.field == "data.visible")
        #expect(F.error { try map("widgetToggle", ["visible": "sometimes"]) }?.field == "data.visible")
    }

    @Test("Conversation Start and Message Add: message, type (text / attachment), body")
    func messages() throws {
        #expect(try map("conversationStart", ["message": "Hello"]).payload == .message(.init(type: "text", body: "Hello")))
        #expect(
            try map("HelpshiftEventNameConversationStart", ["HelpshiftEventDataMessage": "Hello"]).payload
                == .message(.init(type: "text", body: "Hello")))
        #expect(try map("messageAdd", ["type": "attachment", "body": "file"]).payload == .message(.init(type: "attachment", body: "file")))
        #expect(
            try map(
                "HelpshiftEventNameMessageAdd",
                [
                    "HelpshiftEventDataMessageType": "HelpshiftEventDataMessageTypeText", "HelpshiftEventDataMessageBody": "x",
                ]
            ).payload == .message(.init(type: "text", body: "x")))
        #expect(F.error { try map("messageAdd", ["body": ["not", "text"]]) }?.field == "data.body")
    }

    @Test("Agent Message Received: publishId, createdTs, type, body, attachments (url, contentType, fileName, size)")
    func agentMessage() throws {
        let expected = IdentityEvent.Payload.agentMessage(
            .init(
                publishId: "77", createdAt: 1_767_225_600_123, type: "attachment", body: "see file",
                attachments: [.init(url: "https://cdn/x.png", contentType: "image/png", fileName: "x.png", size: 2048)]))
        let raw = try map(
            "agentMessageReceived",
            [
                "publishId": "77", "createdTs": 1_767_225_600_123, "type": "attachment", "body": "see file",
                "attachments": [["url": "https://cdn/x.png", "contentType": "image/png", "fileName": "x.png", "size": 2048]],
            ])
        #expect(raw.payload == expected)
        let constants = try map(
            "HelpshiftEventNameAgentMessageReceived",
            [
                "HelpshiftEventDataPublishID": "77", "HelpshiftEventDataCreatedTime": .double(1_767_225_600_123),
                "HelpshiftEventDataMessageType": "attachment",
                "HelpshiftEventDataMessageBody": "see file",
                "HelpshiftEventDataAttachments": [
                    [
                        "HelpshiftEventDataURL": "https://cdn/x.png", "HelpshiftEventDataContentType": "image/png",
                        "HelpshiftEventDataFileName": "x.png", "HelpshiftEventDataSize": 2048,
                    ]
                ],
            ])
        #expect(constants.payload == expected)
        #expect(
            try map("agentMessageReceived", ["body": "b"]).payload
                == .agentMessage(.init(publishId: nil, createdAt: nil, type: nil, body: "b", attachments: [])))
        #expect(F.error { try map("agentMessageReceived", ["attachments": "x"]) }?.field == "data.attachments")
        #expect(F.error { try map("agentMessageReceived", ["attachments": ["x"]]) }?.field == "data.attachments[0]")
        #expect(F.error { try map("agentMessageReceived", ["attachments": [["size": "big"]]]) }?.field == "data.size")
        #expect(F.error { try map("agentMessageReceived", ["createdTs": true]) }?.code == .invalidValueType)
    }

    @Test("User Click on Action: actionType call or link (constant or raw), actionData")
    func action() throws {
        #expect(
            try map("userClickOnAction", ["actionType": "call", "actionData": "+1555"]).payload
                == .action(.init(kind: .call, data: "+1555")))
        #expect(
            try map(
                "HelpshiftEventNameUserClickOnAction",
                [
                    "HelpshiftEventDataActionType": "HelpshiftEventDataActionTypeLink", "HelpshiftEventDataActionData": "https://x",
                ]
            ).payload == .action(.init(kind: .link, data: "https://x")))
        #expect(F.error { try map("userClickOnAction", ["actionType": "email"]) }?.field == "data.actionType")
        #expect(F.error { try map("userClickOnAction", [:]) }?.code == .invalidValueType)
    }

    @Test("CSAT Submit: rating and additionalFeedback")
    func csat() throws {
        #expect(try map("csatSubmit", ["rating": 4, "additionalFeedback": "good"]).payload == .csat(.init(rating: 4, feedback: "good")))
        #expect(
            try map("HelpshiftEventNameCSATSubmit", ["HelpshiftEventDataRating": "5", "HelpshiftEventDataAdditionalFeedback": "great"])
                .payload
                == .csat(.init(rating: 5, feedback: "great")))
        #expect(F.error { try map("csatSubmit", ["rating": "five"]) }?.field == "data.rating")
    }

    @Test("Unread Message Count: count and isFromCache (spec typo HelpshiftEventDataUnreadMessageCount accepted as a name)")
    func unread() throws {
        #expect(
            try map("receivedUnreadMessageCount", ["count": 2, "fromCache": true]).payload
                == .unreadCount(.init(count: 2, isFromCache: true)))
        #expect(
            try map(
                "HelpshiftEventDataUnreadMessageCount",
                [
                    "HelpshiftEventDataUnreadMessageCount": 7, "HelpshiftEventDataUnreadMessageCountIsFromCache": false,
                ]
            ).payload == .unreadCount(.init(count: 7, isFromCache: false)))
        #expect(F.error { try map("receivedUnreadMessageCount", [:]) }?.code == .invalidValueType)
    }

    @Test("User Authentication Failed: AuthTokenNotProvided -> token_missing, InvalidAuthToken -> token_invalid")
    func authenticationFailed() throws {
        for (reason, code) in [
            ("HelpshiftAuthenticationFailureReasonAuthTokenNotProvided", IdentityError.Code.tokenMissing),
            ("authTokenNotProvided", .tokenMissing),
            ("HelpshiftAuthenticationFailureReasonInvalidAuthToken", .tokenInvalid), ("InvalidAuthToken", .tokenInvalid),
        ] {
            let event = try map("authenticationFailed", ["reason": .string(reason)])
            #expect(event.name == .authenticationFailed)
            #expect(event.error?.code == code)
        }
        #expect(try map("authenticationFailed", ["reason": 1]).error?.vendorCode == "HelpshiftAuthenticationFailureReasonInvalidAuthToken")
        #expect(F.error { try map("authenticationFailed", ["reason": "Expired"]) }?.field == "data.reason")
    }

    @Test("Identity System events without data carry a failure with the documented meaning")
    func identityFailures() throws {
        let cases: [(String, IdentityError.Code)] = [
            ("HelpshiftIdentityTokenInvalid", .tokenInvalid), ("HelpshiftIatIsMandatory", .claimMissing),
            ("HelpshiftIdentitiesSizeLimitExceeded", .limitExceeded), ("HelpshiftEventAppAttributesLimitExceeded", .limitExceeded),
            ("HelpshiftEventMasterAttributesLimitExceeded", .limitExceeded),
            ("HelpshiftEventUserIdentityNotEnabled", .identityFeatureDisabled),
            ("HelpshiftEventUserSessionExpired", .sessionExpired),
        ]
        for (name, code) in cases {
            let event = try map(name)
            #expect(event.error?.code == code, "\(name)")
            #expect(event.error?.vendorCode == name)
        }
        #expect(try map("HelpshiftEventRefreshUserCredentials").payload == IdentityEvent.Payload.none)
    }

    @Test("per-key reasons of IdentitiesDataInvalid, validation and sync failures are typed")
    func perKeyReasons() throws {
        let event = try map(
            "HelpshiftIdentitiesDataInvalid",
            [
                "uid": "HelpshiftValueLengthLimitExceeded", "level": "HelpshiftMetadataEmptyKeyOrValue",
            ])
        guard case .fields(let fields) = event.payload else {
            Issue.record("expected fields")
            return
        }
        #expect(fields["errors"]?["uid"]?["code"] == "value_too_long")
        #expect(fields["errors"]?["level"]?["reason"] == "HelpshiftMetadataEmptyKeyOrValue")
        #expect(fields["error"]?["code"] == "claim_invalid")
        let validation = try map("HelpshiftEventUpdateMasterAttributesValidationFailed", ["age": "HelpshiftInvalidValueType"])
        guard case .fields(let failed) = validation.payload else {
            Issue.record("expected fields")
            return
        }
        #expect(failed["error"]?["code"] == "invalid_value_type")
        let sync = try map("updateAppAttributesSyncFailed", ["k": "HelpshiftInvalidData"])
        guard case .fields(let synced) = sync.payload else {
            Issue.record("expected fields")
            return
        }
        #expect(synced["error"]?["code"] == "sync_failed")
        #expect(F.error { try map("HelpshiftIdentitiesDataInvalid", ["uid": 3]) }?.field == "data.uid")
    }

    @Test("every per-key reason has a uniform code and parses from its short name")
    func reasons() {
        let expected: [HelpshiftDataErrorReason: IdentityError.Code] = [
            .keyLengthLimitExceeded: .valueTooLong, .valueLengthLimitExceeded: .valueTooLong, .emptyData: .claimInvalid,
            .metadataCountLimitExceeded: .limitExceeded, .metadataKeyLengthLimitExceeded: .valueTooLong,
            .metadataValueLengthLimitExceeded: .valueTooLong, .metadataEmptyKeyOrValue: .claimInvalid,
            .countLimitExceeded: .limitExceeded, .invalidValueType: .invalidValueType, .invalidData: .syncFailed,
            .unknownKey: .claimInvalid,
        ]
        for reason in HelpshiftDataErrorReason.allCases {
            #expect(reason.code == expected[reason])
            #expect(HelpshiftDataErrorReason(vendorName: String(reason.rawValue.dropFirst("Helpshift".count))) == reason)
            #expect(HelpshiftDataErrorReason(vendorName: reason.rawValue) == reason)
        }
    }

    @Test("unknown events pass through as vendor_event, never dropped")
    func unknown() throws {
        let event = try map("HelpshiftEventNameSomethingNew", ["x": 1])
        #expect(event.name == .vendorEvent)
        #expect(event.payload == .vendor(name: "HelpshiftEventNameSomethingNew", data: ["x": 1]))
    }

    @Test("event data that is not an object is invalid_value_type on data")
    func dataNotObject() {
        let error = F.error { try map("widgetToggle", ["visible"]) }
        #expect(error?.code == .invalidValueType)
        #expect(error?.field == "data")
    }
}
