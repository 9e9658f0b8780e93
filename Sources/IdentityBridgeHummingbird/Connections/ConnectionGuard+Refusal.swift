#if TokenService
import IdentityBridge
import NIOCore
import NIOHTTP1

extension ConnectionGuard {
    /// A request refused before it reaches the router: its status and uniform error.
    struct Refusal {
        let status: HTTPResponseStatus
        let error: IdentityError
    }

    /// Why `head` is refused, if it is: no or several `Host` in HTTP/1.1 (400), or past the
    /// connection cap anything but a health probe (503).
    func refusal(of head: HTTPRequestHead) -> Refusal? {
        if head.version.major == 1, head.version.minor >= 1, head.headers[canonicalForm: "host"].count != 1 {
            return Refusal(
                status: .badRequest,
                error: IdentityError(
                    .invalidValueType, field: "Host", message: "An HTTP/1.1 request carries exactly one Host header (RFC 9112 §3.2).",
                    recovery: "Send one Host header."))
        }
        if probesOnly {
            let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard head.method == .GET, path == "/healthz" || path == "/readyz" else {
                return Refusal(
                    status: .serviceUnavailable,
                    error: IdentityError(
                        .limitExceeded, field: "connection",
                        message: "The service has \(limits.maxConnections) connections open, its maximum.",
                        recovery: "Retry later, or reuse a kept-alive connection."))
            }
        }
        return nil
    }

    /// Answers `refusal` (its uniform error body, `Connection: close`) and closes the connection
    /// once the responses before it are written; the refused request's parts are dropped.
    func refuse(_ refusal: Refusal, version: HTTPVersion, context: ChannelHandlerContext) {
        enterRefused()
        metrics?.recordRefusedRequest(status: Int(refusal.status.code))
        let body = ByteBuffer(string: JSONValue.object(["error": refusal.error.json]).jsonString)
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: String(body.readableBytes))
        headers.add(name: "connection", value: "close")
        if refusal.status == .serviceUnavailable { headers.add(name: "retry-after", value: "1") }
        // After any response still pending, the connection just closes (the refusal's answer
        // would otherwise overtake it).
        guard pendingResponses == 0 else { return }
        let head = HTTPResponseHead(version: version, status: refusal.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(promise: nil)
    }
}
#endif
