#if TokenService
package import HTTPTypes
package import IdentityBridge

/// What one request's frame learns while the handlers answer it, for its log line, its metrics labels and its
/// span: the request id (the caller's `X-Request-Id`, or the frame's own), the served app and provider instance
/// the handlers resolved (never a name from the path that no configuration serves), and the uniform code of a
/// failure. Written by one task at a time (the frame, then the handlers it awaits, then the frame again).
package final class ServiceRequestRecord: @unchecked Sendable {
    /// The headers the handlers read, gathered once.
    package let headers: ServiceRequestHeaders
    /// The request id the log line carries and the response echoes in `X-Request-Id`.
    package let requestID: String
    /// The served app the request named, once resolved.
    package var app: String?
    /// The provider instance the request named, once resolved.
    package var provider: ProviderReference?
    /// The uniform code of the failure answered, if any.
    package var code: IdentityError.Code?

    /// A record of a request with `headers`; `fallbackID` (the front end's own request id) when the caller sent
    /// no usable `X-Request-Id`.
    package init(headers: ServiceRequestHeaders, fallbackID: @autoclosure () -> String) {
        self.headers = headers
        if let sent = headers.requestID, Self.isUsableRequestID(sent) {
            requestID = sent
        } else {
            requestID = fallbackID()
        }
    }

    /// A request id of the service's own: 16 random hex digits.
    package static func newRequestID() -> String {
        let value = UInt64.random(in: 0...UInt64.max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The longest `X-Request-Id` taken from a caller.
    package static let requestIDLimit = 128

    /// Whether a caller's `X-Request-Id` is taken as the request id: 1 to ``requestIDLimit`` characters of
    /// `A-Z a-z 0-9 . _ : -` (anything else, which a log line or a header could not carry as it is, is replaced).
    package static func isUsableRequestID(_ id: String) -> Bool {
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= requestIDLimit else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }

    /// The trace id (32 lowercase hex digits, not all zero) of a W3C `traceparent` value
    /// (`00-<trace id>-<parent id>-<flags>`), or `nil` when it is not one.
    package static func traceID(ofTraceparent value: some StringProtocol) -> Substring? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].utf8.count == 2, parts[1].utf8.count == 32, parts[2].utf8.count == 16,
            parts[1].utf8.allSatisfy(\.isLowercaseHexDigit), parts[2].utf8.allSatisfy(\.isLowercaseHexDigit),
            parts[1].utf8.contains(where: { $0 != UInt8(ascii: "0") })
        else { return nil }
        return Substring(parts[1])
    }
}

extension ServiceRequestRecord {
    /// `X-Request-Id`: the request id a caller sends and every answer echoes.
    package static let requestIDField = HTTPFields.Element.Name("X-Request-Id")!
    /// `traceparent` (W3C Trace Context).
    static let traceparentField = HTTPFields.Element.Name("traceparent")!
}

extension UInt8 {
    fileprivate var isLowercaseHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
    }
}
#endif
