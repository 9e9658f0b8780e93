#if TokenService
package import HTTPTypes

/// What a front end answers from the request frame (``ServiceFrame``, ``ServiceInstrumentation``): a response whose
/// status the frame counts and logs, whose headers it echoes `X-Request-Id` in, and that carries the refusals it
/// answers itself (404, 405 with `Allow`, the uniform failure of an error thrown past a handler).
package protocol ServiceFrameAnswer {
    /// The status the metrics, the log line and the span read.
    var status: HTTPResponse.Status { get }
    /// The headers, `X-Request-Id` added by the frame.
    var headers: HTTPFields { get set }
    /// The answer carrying `answer`.
    init(_ answer: ServiceAnswer)
}

extension ServiceAnswer: ServiceFrameAnswer {
    /// `answer` itself: a front end that converts the answer once the frame is done (Vapor).
    package init(_ answer: ServiceAnswer) { self = answer }
}
#endif
