#if TokenService
import Hummingbird
import IdentityBridgeService

extension Response: ServiceFrameAnswer {
    /// Hummingbird's response carrying `answer`.
    package init(_ answer: ServiceAnswer) {
        self.init(status: answer.status, headers: answer.headers, body: ResponseBody(byteBuffer: answer.body))
    }
}
#endif
