public import Foundation
public import IdentityBridgeModel

/// One HTTP request the client sends to the token service.
public struct ClientRequest: Sendable {
    /// The full URL.
    public var url: URL
    /// `POST`.
    public var method: String
    /// Request headers (`Authorization`, `Content-Type`, `Accept`).
    public var headers: [String: String]
    /// The JSON body.
    public var body: Data
    /// How long the transport may take before it gives up (the client also enforces it).
    public var timeout: TimeInterval

    /// Creates a request.
    public init(url: URL, method: String = "POST", headers: [String: String] = [:], body: Data = Data(), timeout: TimeInterval) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// The service's answer.
public struct ClientResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Response headers; names are matched case-insensitively by ``header(_:)``.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The header `name`, case-insensitively.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// Sends one request to the token service. ``URLSessionTransport`` is the production one; tests
/// plug in their own.
///
/// A transport throws `network_error` when the service cannot be reached (any failure below HTTP);
/// every HTTP answer, error statuses included, is returned as a ``ClientResponse``.
public protocol ClientTransport: Sendable {
    /// Sends `request` and returns the service's answer.
    func send(_ request: ClientRequest) async throws(IdentityError) -> ClientResponse
}

extension ClientRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method, the URL path, the header names with `Authorization` redacted and the body's
    /// size: never the bearer value nor the body (it holds the user's email).
    public var description: String {
        let shown = headers.sorted { $0.key < $1.key }.map { name, value in
            ["authorization", "cookie"].contains(name.lowercased()) ? "\(name): <redacted>" : "\(name): \(value)"
        }
        return "\(method) \(url.path) [\(shown.joined(separator: ", "))] body: \(body.count) bytes"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror without the secrets (what `dump` prints).
    public var customMirror: Mirror { Mirror(self, children: ["request": description]) }
}

extension ClientResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The status, the header names and the body's size: never the body (it holds the credential).
    public var description: String {
        let shown = headers.sorted { $0.key < $1.key }.map { name, value in
            name.lowercased() == "set-cookie" ? "\(name): <redacted>" : "\(name): \(value)"
        }
        return "HTTP \(status) [\(shown.joined(separator: ", "))] body: \(body.count) bytes"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// A mirror without the body.
    public var customMirror: Mirror { Mirror(self, children: ["response": description]) }
}
