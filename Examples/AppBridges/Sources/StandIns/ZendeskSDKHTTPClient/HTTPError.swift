// STAND-IN for the module `ZendeskSDKHTTPClient` of the Zendesk Messaging SDK for iOS, at
// zendesk/sdk_http_client_ios 0.20.0, transcribed from `Interfaces/ZendeskSDKHTTPClient.swiftinterface` (only
// `HTTPError`, which `ConversationKitError.httpError` carries). Every public declaration is the vendor's; in an app
// the vendor's package replaces this module. Behaviour: an in-memory fake (the error's texts and equality).
public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// An error of the SDK's HTTP client.
public enum HTTPError: LocalizedError {
    case expectedEmptyResponse(_: Data)
    case noResponse
    case failedToDecode(data: Data?, response: HTTPURLResponse, error: any Error)
    case unsuccessfulStatusCodeForRequest(statusCode: Int, data: Data?, response: HTTPURLResponse)
    case requestFailed(error: any Error)
    case multiConvoNotEnabled
    case userCannotCreateMoreConversations
    case badRequest

    /// The error's text (the stand-in's own wording: the vendor's is not in the interface).
    public var errorDescription: String? {
        if case .expectedEmptyResponse = self { return "Expected an empty response" }
        if case .noResponse = self { return "No response" }
        if case .failedToDecode(_, _, let error) = self { return "Failed to decode the response: \(error.localizedDescription)" }
        if case .unsuccessfulStatusCodeForRequest(let statusCode, _, _) = self { return "Unsuccessful status code \(statusCode)" }
        if case .requestFailed(let error) = self { return "The request failed: \(error.localizedDescription)" }
        if case .multiConvoNotEnabled = self { return "Multi-conversations are not enabled" }
        if case .userCannotCreateMoreConversations = self { return "The user cannot create more conversations" }
        return "Bad request"
    }
}

extension HTTPError: Equatable {
    /// The same case with equal values: data by bytes, responses by URL and status code, errors by `==` when
    /// they are `Equatable`, else by type, domain and code.
    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        if case (.expectedEmptyResponse(let l), .expectedEmptyResponse(let r)) = (lhs, rhs) { return l == r }
        if case (.failedToDecode(let ld, let lr, let le), .failedToDecode(let rd, let rr, let re)) = (lhs, rhs) {
            return ld == rd && sameResponse(lr, rr) && sameError(le, re)
        }
        if case (.unsuccessfulStatusCodeForRequest(let ls, let ld, let lr), .unsuccessfulStatusCodeForRequest(let rs, let rd, let rr)) = (
            lhs, rhs
        ) {
            return ls == rs && ld == rd && sameResponse(lr, rr)
        }
        if case (.requestFailed(let l), .requestFailed(let r)) = (lhs, rhs) { return sameError(l, r) }
        if case .expectedEmptyResponse = lhs { return false }
        if case .failedToDecode = lhs { return false }
        if case .unsuccessfulStatusCodeForRequest = lhs { return false }
        if case .requestFailed = lhs { return false }
        // The cases without values: equal when they are the same case.
        return String(describing: lhs) == String(describing: rhs)
    }

    private static func sameResponse(_ lhs: HTTPURLResponse, _ rhs: HTTPURLResponse) -> Bool {
        lhs === rhs || (lhs.url == rhs.url && lhs.statusCode == rhs.statusCode)
    }

    private static func sameError(_ lhs: any Error, _ rhs: any Error) -> Bool {
        func equal<E: Equatable>(_ lhs: E, _ rhs: Any) -> Bool { (rhs as? E) == lhs }
        let boxed: Any = lhs
        if let equatable = boxed as? any Equatable { return equal(equatable, rhs) }
        let left = lhs as NSError
        let right = rhs as NSError
        return type(of: lhs) == type(of: rhs) && left.domain == right.domain && left.code == right.code
    }
}
