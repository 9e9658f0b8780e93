import Foundation
package import IdentityBridgeModel

/// Maps raw Helpshift delegate events into uniform events. Pure: no state, no clock.
///
/// Unknown names become one `vendor_event` with `.vendor(name:data:)`; data of the wrong shape
/// throws `invalid_value_type` naming the field.
package enum HelpshiftEventMapper {
    /// The uniform events for one raw event.
    package static func map(name: String, data: JSONValue, provider: ProviderReference, timestamp: Date) throws(IdentityError)
        -> [IdentityEvent]
    {
        guard let event = HelpshiftEvent(vendorName: name) else {
            return [IdentityEvent(.vendorEvent, provider: provider, payload: .vendor(name: name, data: data), timestamp: timestamp)]
        }
        let object: [String: JSONValue]
        switch data {
        case .null: object = [:]
        case .object(let dictionary): object = dictionary
        default:
            throw IdentityError(
                .invalidValueType, field: "data", vendorCode: name,
                message: "\(name): the event data is \(data.typeNameWithArticle); it must be an object (or null).",
                recovery: "Send the event data as a dictionary.", provider: provider)
        }
        let payload: IdentityEvent.Payload
        do { payload = try self.payload(event, HelpshiftEventData(object, event: event.constant), provider: provider) } catch {
            throw error.attributed(to: provider)
        }
        return [IdentityEvent(event.uniformName, provider: provider, payload: payload, timestamp: timestamp)]
    }

    static func messageType(_ raw: String?) -> String? {
        guard let raw else { return nil }
        return HelpshiftNames.normalized(raw, prefixes: ["helpshifteventdatamessagetype"])
    }

    static func payload(_ event: HelpshiftEvent, _ data: HelpshiftEventData, provider: ProviderReference) throws(IdentityError)
        -> IdentityEvent.Payload
    {
        switch event {
        case .conversationStatus:
            return .conversationStatus(
                .init(
                    issueId: try data.string(["LatestIssueId", "latestIssueId"]),
                    publishId: try data.string(["LatestIssuePublishId", "latestIssuePublishId"]),
                    isOpen: try data.bool(["IsIssueOpen", "open", "isOpen"])))
        case .widgetToggle:
            guard let visible = try data.bool(["Visible", "visible"]) else { throw data.missing(["visible"], expected: "a boolean") }
            return .widget(visible: visible)
        case .conversationStart:
            return .message(.init(type: "text", body: try data.string(["Message", "message"])))
        case .messageAdd:
            return .message(
                .init(type: messageType(try data.string(["MessageType", "type"])), body: try data.string(["MessageBody", "body"])))
        case .agentMessageReceived:
            var attachments: [IdentityEvent.Attachment] = []
            for (index, element) in (try data.array(["Attachments", "attachments"]) ?? []).enumerated() {
                guard let object = element.objectValue else {
                    throw data.wrongType("attachments[\(index)]", element, expected: "an attachment dictionary")
                }
                let item = HelpshiftEventData(object, event: event.constant)
                let size = try item.int(["Size", "size"])
                if let size, size < 0 {
                    throw data.wrongType("attachments[\(index)].size", .int(size), expected: "a non-negative number of bytes")
                }
                attachments.append(
                    .init(
                        url: try item.string(["URL", "url"]), contentType: try item.string(["ContentType", "contentType"]),
                        fileName: try item.string(["FileName", "fileName"]), size: size))
            }
            return .agentMessage(
                .init(
                    publishId: try data.string(["PublishID", "publishId"]), createdAt: try data.int(["CreatedTime", "createdTs"]),
                    type: messageType(try data.string(["MessageType", "type"])), body: try data.string(["MessageBody", "body"]),
                    attachments: attachments))
        case .userClickOnAction:
            guard let raw = try data.string(["ActionType", "actionType"]) else {
                throw data.missing(["actionType"], expected: "call or link")
            }
            let kindName = HelpshiftNames.normalized(raw, prefixes: ["helpshifteventdataactiontype"])
            guard let kind = IdentityEvent.ActionClick.Kind(rawValue: kindName) else {
                throw data.wrongType("actionType", .string(raw), expected: "call or link")
            }
            return .action(.init(kind: kind, data: try data.string(["ActionData", "actionData"])))
        case .csatSubmit:
            return .csat(
                .init(
                    rating: try data.int(["Rating", "rating"]),
                    feedback: try data.string(["AdditionalFeedback", "additionalFeedback", "feedback"])))
        case .conversationEnd, .conversationRejected, .conversationResolved, .conversationReopened, .sessionStarted, .sessionEnded,
            .refreshUserCredentials:
            return .none
        case .receivedUnreadMessageCount:
            guard let count = try data.int(["UnreadMessageCount", "count", "unreadCount"]) else {
                throw data.missing(["count"], expected: "a number")
            }
            guard count >= 0 else { throw data.wrongType("count", .int(count), expected: "a non-negative number") }
            let fromCache = try data.bool(["UnreadMessageCountIsFromCache", "fromCache", "isFromCache"]) ?? false
            return .unreadCount(.init(count: count, isFromCache: fromCache))
        case .authenticationFailed:
            guard let (key, value) = data.entry(["reason", "AuthenticationFailureReason"]) else {
                throw data.missing(["reason"], expected: "AuthTokenNotProvided or InvalidAuthToken")
            }
            let text = value.stringValue ?? value.intValue.map { String($0) }
            guard let text, let reason = HelpshiftAuthenticationFailureReason(vendorName: text) else {
                throw data.wrongType(key, value, expected: "AuthTokenNotProvided or InvalidAuthToken")
            }
            return .failure(reason.identityError(provider: provider))
        case .identityTokenInvalid:
            return .failure(
                failure(
                    event, .tokenInvalid, field: "jwt", "The identities JWT is not in a valid format.",
                    "Issue the identities JWT with the backend issuer (HS256, identity_secret).", provider))
        case .iatIsMandatory:
            return .failure(
                failure(
                    event, .claimMissing, field: "iat", "The identities JWT has no iat; it is mandatory.",
                    "Add \"iat\" (Unix seconds) to the JWT payload.", provider))
        case .identitiesSizeLimitExceeded:
            return .failure(
                failure(
                    event, .limitExceeded, field: "identities",
                    "The identities JWT has more than \(HelpshiftLimits.collectionMaxCount) identities.",
                    "Put at most \(HelpshiftLimits.collectionMaxCount) identities in the JWT.", provider))
        case .appAttributesLimitExceeded, .masterAttributesLimitExceeded:
            let field = event == .appAttributesLimitExceeded ? "appAttributes" : "masterAttributes"
            return .failure(
                failure(
                    event, .limitExceeded, field: field, "The number of unsynced \(field) exceeds the permissible limit.",
                    "Send fewer attributes (at most \(HelpshiftLimits.collectionMaxCount)) and retry once synced.", provider))
        case .userIdentityNotEnabled:
            return .failure(
                failure(
                    event, .identityFeatureDisabled, field: nil, "The Identity System is not enabled for this domain.",
                    "Enable the Identity System in the Helpshift dashboard, or set identity_system: false.", provider))
        case .userSessionExpired:
            return .failure(
                failure(
                    event, .sessionExpired, field: nil, "The Helpshift user session expired.",
                    "Issue a fresh identities JWT and log the user in again.", provider))
        case .attributesDataInvalid:
            // HelpshiftX declares the event and no data for it (no document describes it): per-key when the data
            // is reason strings, as for the other attribute events; otherwise one failure for the attributes.
            if let reasons = try? data.reasons(), !reasons.isEmpty { return try perKey(event, data, provider: provider) }
            return .failure(
                failure(
                    event, .invalidValueType, field: "attributes", "Helpshift reported the attributes data as invalid.",
                    "Send String, Bool, Number, String array or String-to-String dictionary values, with keys and values within the limits.",
                    provider))
        case .identitiesDataInvalid, .addUserIdentitiesSyncFailed, .updateAppAttributesValidationFailed,
            .updateMasterAttributesValidationFailed, .updateAppAttributesSyncFailed, .updateMasterAttributesSyncFailed:
            return try perKey(event, data, provider: provider)
        }
    }

    static func failure(
        _ event: HelpshiftEvent, _ code: IdentityError.Code, field: String?, _ message: String, _ recovery: String,
        _ provider: ProviderReference
    ) -> IdentityError {
        IdentityError(code, field: field, vendorCode: event.constant, message: message, recovery: recovery, provider: provider)
    }

    /// `.fields`: `error` (the summary error), `errors` (`key -> {reason, code}`) and `vendor_event`.
    static func perKey(_ event: HelpshiftEvent, _ data: HelpshiftEventData, provider: ProviderReference) throws(IdentityError)
        -> IdentityEvent.Payload
    {
        let reasons = try data.reasons()
        var errors: [String: JSONValue] = [:]
        var firstCode: IdentityError.Code?
        for key in reasons.keys.sorted() {
            let raw = reasons[key] ?? ""
            let code = HelpshiftDataErrorReason(vendorName: raw)?.code ?? .unknown
            if firstCode == nil { firstCode = code }
            errors[key] = .object(["reason": .string(raw), "code": .string(code.rawValue)])
        }
        let code: IdentityError.Code
        let what: String
        switch event {
        case .identitiesDataInvalid: (code, what) = (.claimInvalid, "Some identities in the JWT payload are not valid")
        case .addUserIdentitiesSyncFailed: (code, what) = (.syncFailed, "User identities failed to sync with the backend")
        case .updateAppAttributesSyncFailed, .updateMasterAttributesSyncFailed:
            (code, what) = (.syncFailed, "Attributes failed to sync with the backend")
        default: (code, what) = (firstCode ?? .invalidValueType, "Validation of attribute entries failed")
        }
        let detail = reasons.keys.sorted().map { "\($0): \(reasons[$0] ?? "")" }.joined(separator: ", ")
        let error = IdentityError(
            code, field: reasons.keys.sorted().first, vendorCode: event.constant,
            message: "\(what)" + (detail.isEmpty ? "." : " (\(detail))."),
            recovery: reasons.values.compactMap { HelpshiftDataErrorReason(vendorName: $0)?.recovery }.sorted().first
                ?? "Fix the keys named in the error data and retry.", provider: provider)
        return .fields(["error": error.json, "errors": .object(errors), "vendor_event": .string(event.constant)])
    }
}
