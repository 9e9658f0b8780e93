#if TokenService
import AsyncHTTPClient
import Foundation
import IdentityBridge
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ProviderHTTPClient {
    /// A failure with no answer as one sentence naming the URL (up to its path) and what happened: refused,
    /// reset, closed, a name that does not resolve, a timeout, a failed TLS handshake. Never the library's own
    /// description (an operator reads it in `/readyz`, a log line and a refused token's message).
    static func unreachable(_ error: any Error, url: String, timeout: Duration) -> SessionKeyFetchFailure {
        SessionKeyFetchFailure(.unreachable, sentence(error, url: shown(url), timeout: timeout))
    }

    /// What happened, for ``unreachable(_:url:timeout:)``.
    static func sentence(_ error: any Error, url: String, timeout: Duration) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return "The provider at \(url) did not answer within \(timeout.components.seconds) s."
            case .remoteConnectionClosed:
                return "The provider at \(url) closed the connection before answering."
            default:
                return "The request to \(url) failed (\(error.shortName))."
            }
        }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return sentence(first.error, url: url, timeout: timeout) }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return "The host name of \(url) does not resolve."
            }
            return "No address of \(url) could be connected to."
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "The connection to \(url) was refused."
            case ECONNRESET, EPIPE: return "The connection to \(url) was reset."
            case ETIMEDOUT: return "The provider at \(url) did not answer within \(timeout.components.seconds) s."
            case ENETUNREACH, EHOSTUNREACH: return "The network of \(url) is unreachable from here."
            default: return "The connection to \(url) failed (errno \(error.errnoCode))."
            }
        }
        if error is ChannelError { return "The connection to \(url) closed before an answer." }
        let type = String(describing: Swift.type(of: error))
        if type.contains("SSL") || type.contains("TLS") { return "The TLS handshake with \(url) failed." }
        if type.contains("DNS") || type.contains("Resolution") { return "The host name of \(url) does not resolve." }
        return "The connection to \(url) failed (\(type.prefix(40)))."
    }

    /// The URL as a message shows it: scheme, host, port and path (no query), at most 200 bytes.
    static func shown(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "the provider" }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        let text = components.string ?? "the provider"
        return text.utf8.count <= 200 ? text : String(text.prefix(200)) + "..."
    }
}

extension HTTPClientError {
    /// The error's name without the library's description (`remoteConnectionClosed`, ...).
    fileprivate var shortName: String { String(String(describing: self).prefix(60)) }
}
#endif
