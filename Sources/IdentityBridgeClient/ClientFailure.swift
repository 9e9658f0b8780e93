import Foundation
package import IdentityBridgeModel

/// The client's own failures, each an `IdentityError` with a uniform code.
package enum ClientFailure {
    /// `network_error`: the service could not be reached (`detail` names the transport's reason, never a URL or token).
    package static func unreachable(_ detail: String) -> IdentityError {
        IdentityError(
            .networkError, message: "The token service could not be reached (\(detail.prefix(80))).",
            recovery: "Check the device's connection and the service URL; the client retried with backoff.")
    }

    /// `network_error`: no answer within `seconds`.
    package static func timeout(_ seconds: TimeInterval) -> IdentityError {
        IdentityError(
            .networkError, message: "The token service did not answer within \(seconds)s.",
            recovery: "Retry later; raise the client's timeout if the service is known to be slow.")
    }

    /// `unknown_error`: the service's answer is not what the API describes.
    package static func badResponse(_ detail: String) -> IdentityError {
        IdentityError(
            .unknown, message: "The token service's answer is not a credential: \(detail).",
            recovery: "Check that the client's base URL points at the IdentityBridge token service.")
    }

    /// `not_logged_in`: the user was logged out (or cleared) while the fetch ran; its answer is discarded.
    package static func cancelled() -> IdentityError {
        IdentityError(
            .notLoggedIn, message: "The credential fetch was cancelled: the user was logged out or cleared while it ran.",
            recovery: "Ask again for the user now logged in.")
    }

    /// `network_error`: the calling task was cancelled while it waited for a fetch it shared with
    /// other callers; it left at once, and the fetch goes on for the others.
    package static func callerCancelled() -> IdentityError {
        IdentityError(
            .networkError, message: "The credential request was cancelled by its caller; the shared fetch goes on for the others.",
            recovery: "Nothing to undo: ask again when the credential is needed.")
    }
}

extension ClientFailure {
    /// `network_error`: no credential within the call's overall deadline (every attempt and backoff included).
    package static func deadlineExceeded(_ seconds: TimeInterval) -> IdentityError {
        IdentityError(
            .networkError, message: "No credential within the call's deadline of \(seconds)s (attempts and retries included).",
            recovery: "Retry later; raise the client's deadline if the service is known to be slow.")
    }

    /// `token_expired`: the service's credential had no life left when it arrived, so it is handed
    /// to no one (the configured lifetime is shorter than a request takes).
    package static func expiredOnArrival(expiresIn: Int64, took: Double) -> IdentityError {
        IdentityError(
            .tokenExpired,
            message:
                "The token service's credential arrived with no life left (expires_in \(expiresIn)s, the request took \(Int((took * 1000).rounded()))ms); it was not handed out.",
            recovery: "Raise the provider's token_lifetime in the service's configuration (at least 30s).")
    }
}
