#if Vapor && TokenService
import HTTPTypes
import IdentityBridgeService
import Vapor

extension Vapor.Response {
    /// Vapor's response carrying `answer` (its `X-Request-Id` echoed by the frame).
    convenience init(_ answer: ServiceAnswer) {
        let headers = HTTPHeaders(answer.headers.map { ($0.name.rawName, $0.value) })
        self.init(status: HTTPResponseStatus(statusCode: answer.status.code), headers: headers, body: .init(buffer: answer.body))
    }
}
#endif
