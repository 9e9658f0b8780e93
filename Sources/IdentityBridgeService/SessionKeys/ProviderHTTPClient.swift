#if TokenService
import AsyncHTTPClient
import Dispatch
import Foundation
import IdentityBridge
import NIOCore
import NIOHTTP1

/// The HTTP client that fetches identity providers' documents for `identity-server`: AsyncHTTPClient
/// (TLS with the system's trust store, connections kept and reused per host), redirects followed only
/// on the same scheme, host and port (at most ``maxRedirects``), the body refused past the limit
/// before it is read in full, and the whole exchange bounded by the timeout.
package final class ProviderHTTPClient: SessionKeyFetching {
    /// The most redirects followed for one document.
    static let maxRedirects = 3

    private let client: HTTPClient

    /// Creates a client on the shared event loop group; its pooled connections close when it is released.
    package init() {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool = .init(idleTimeout: .seconds(60))
        // A refused or reset connection fails its fetch at once, not at the timeout: the key store retries on its
        // own schedule (1 s back-off and up), and a request never waits for a provider that said no.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    deinit { client.shutdown(queue: .global()) { _ in } }

    package func fetch(_ url: String, limit: Int, timeout: Duration) async throws(SessionKeyFetchFailure) -> FetchedDocument {
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000)
        var current = url
        for _ in 0...Self.maxRedirects {
            let response: HTTPClientResponse
            do {
                var request = HTTPClientRequest(url: current)
                request.headers.add(name: "Accept", value: "application/json")
                response = try await client.execute(request, deadline: deadline)
            } catch {
                throw Self.unreachable(error, url: current, timeout: timeout)
            }
            let status = response.status.code
            if (300..<400).contains(status) {
                current = try Self.redirect(from: current, to: response.headers.first(name: "Location"))
                continue
            }
            guard status == 200 else {
                throw SessionKeyFetchFailure(
                    status >= 500 ? .unreachable : .refused, "The provider at \(Self.shown(current)) answered HTTP \(status).")
            }
            if let length = response.headers.first(name: "Content-Length").flatMap({ Int($0) }), length > limit {
                throw SessionKeyFetchFailure(.refused, "The provider's answer is \(length) bytes; at most \(limit) are read.")
            }
            do {
                let body = try await response.body.collect(upTo: limit)
                return FetchedDocument(
                    body: Array(body.readableBytesView),
                    maxAge: FetchedDocument.maxAge(cacheControl: response.headers.first(name: "Cache-Control")))
            } catch is NIOTooManyBytesError {
                throw SessionKeyFetchFailure(.refused, "The provider's answer is over \(limit) bytes.")
            } catch {
                throw Self.unreachable(error, url: current, timeout: timeout)
            }
        }
        throw SessionKeyFetchFailure(.refused, "The provider at \(Self.shown(url)) redirected more than \(Self.maxRedirects) times.")
    }

    /// The URL a redirect leads to, when it stays on the same scheme, host and port.
    static func redirect(from current: String, to location: String?) throws(SessionKeyFetchFailure) -> String {
        guard let location, let base = URL(string: current), let next = URL(string: location, relativeTo: base)?.absoluteURL else {
            throw SessionKeyFetchFailure(.refused, "The provider redirected without a usable Location.")
        }
        guard next.scheme == base.scheme, next.host == base.host, next.port == base.port else {
            let host = String((next.host ?? "?").prefix(253))
            throw SessionKeyFetchFailure(
                .refused, "The provider redirected to another host (\(host)); configure the URL the keys are served from.")
        }
        return next.absoluteString
    }
}
#endif
