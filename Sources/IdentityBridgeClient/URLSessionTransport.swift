public import IdentityBridgeModel

#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The production ``ClientTransport``: `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: ClientTransport {
    /// The session requests go through.
    public let session: URLSession

    /// A transport over `session` (default: an ephemeral session, no cookies, no cache).
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    /// Sends `request`; failures below HTTP (refused connection, DNS, TLS, timeout) are `network_error`.
    public func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch is CancellationError {
            throw ClientFailure.cancelled()
        } catch let error as URLError {
            if error.code == .cancelled, Task.isCancelled { throw ClientFailure.cancelled() }
            throw error.code == .timedOut
                ? ClientFailure.timeout(request.timeout) : ClientFailure.unreachable(String(describing: error.code))
        } catch {
            throw ClientFailure.unreachable(String(describing: type(of: error)))
        }
        guard let http = response as? HTTPURLResponse else {
            throw ClientFailure.badResponse("the answer is not HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return ClientResponse(status: http.statusCode, headers: headers, body: data)
    }
}
