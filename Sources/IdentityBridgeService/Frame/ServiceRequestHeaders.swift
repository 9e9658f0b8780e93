#if TokenService
package import HTTPTypes

/// The request headers the handlers read, gathered in one pass over the request's few fields
/// (`HTTPFields`' own lookup builds an index of every name first, and each lookup copies fields).
/// A header sent twice reads as `HTTPFields` joins it (`a, b`).
///
/// HAND-TUNED, threshold 5% of `service-bench`'s service path: reading the headers with
/// `request.headers[.name]` instead cost about 7% of it (bare/service ratio 0.53-0.55 against
/// 0.57-0.59 with this type, 2026-11-25, Benchmarks/RESULTS.md).
package struct ServiceRequestHeaders {
    package var authorization: String?
    package var contentType: String?
    package var contentLength: String?
    /// `X-Request-Id`: the caller's request id (``ServiceRequestRecord`` decides whether it is taken).
    package var requestID: String?
    /// `traceparent`: the caller's W3C trace context (the log line's `trace_id` when no span is recorded).
    package var traceparent: String?

    /// The headers as a front end that has already looked them up found them.
    package init(
        authorization: String?, contentType: String?, contentLength: String?, requestID: String? = nil, traceparent: String? = nil
    ) {
        self.authorization = authorization
        self.contentType = contentType
        self.contentLength = contentLength
        self.requestID = requestID
        self.traceparent = traceparent
    }

    /// The headers among `fields` (Hummingbird's request headers), in one pass.
    package init(_ fields: HTTPFields) {
        for field in fields {
            switch field.name {
            case .authorization: Self.append(field.value, to: &authorization)
            case .contentType: Self.append(field.value, to: &contentType)
            case .contentLength: Self.append(field.value, to: &contentLength)
            case ServiceRequestRecord.requestIDField: Self.append(field.value, to: &requestID)
            case ServiceRequestRecord.traceparentField: Self.append(field.value, to: &traceparent)
            default: break
            }
        }
    }

    /// Adds one field's value, joined to an earlier one by `, ` (what `HTTPFields` answers for the name).
    private static func append(_ value: String, to header: inout String?) {
        header = header.map { $0 + ", " + value } ?? value
    }
}
#endif
