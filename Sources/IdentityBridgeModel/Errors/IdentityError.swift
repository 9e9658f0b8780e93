/// The one error type of IdentityBridge: which field broke which vendor rule, and how to fix it.
///
/// Every adapter maps its vendor's failures into an `IdentityError` with a stable uniform
/// ``code``, the vendor's own name for the failure in ``vendorCode``, the offending ``field``,
/// a ``message`` and a ``recovery`` hint. Secrets never appear in any of them.
///
/// ```swift
/// do { _ = try await provider.login(user) }
/// catch { print(error.code, error.vendorCode ?? "-", error.message) }
/// ```
public struct IdentityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The uniform, stable snake_case error code.
    public var code: Code
    /// The provider instance that raised the error, when one did.
    public var provider: ProviderReference?
    /// The input field at fault (`userId`, `email`, `exp`, `settings.secret`, ...), when one is.
    public var field: String?
    /// The vendor's own name for the failure, e.g. `tokenHasExpired`.
    public var vendorCode: String?
    /// What went wrong, in one sentence.
    public var message: String
    /// How to fix it.
    public var recovery: String?
    /// The HTTP status of the answer this error was decoded from (`IdentityBridgeClient` sets it:
    /// a load balancer's 502 or 429 stays visible behind a uniform code); `nil` for an error raised
    /// in process. When set, ``httpStatus`` is this status. Not part of ``json``.
    public var receivedHTTPStatus: Int?

    /// Creates an error.
    public init(
        _ code: Code, field: String? = nil, vendorCode: String? = nil, message: String,
        recovery: String? = nil, provider: ProviderReference? = nil
    ) {
        self.code = code
        self.field = field
        self.vendorCode = vendorCode
        self.message = message
        self.recovery = recovery
        self.provider = provider
    }

    /// A copy attributed to `provider` (kept when already set).
    package func attributed(to provider: ProviderReference) -> IdentityError {
        var copy = self
        if copy.provider == nil { copy.provider = provider }
        return copy
    }

    /// `code [vendorCode] field: message (recovery)`.
    public var description: String {
        var text = code.rawValue
        if let vendorCode { text += " [\(vendorCode)]" }
        if let provider { text += " \(provider)" }
        if let field { text += " \(field):" }
        text += " \(message)"
        if let recovery { text += " Fix: \(recovery)" }
        return text
    }

    /// The error as a JSON object: `code`, `field`, `message`, `vendor_code`, `recovery`, `provider`, `kind`.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["code": .string(code.rawValue), "message": .string(message)]
        object["field"] = field.map(JSONValue.string) ?? .null
        object["vendor_code"] = vendorCode.map(JSONValue.string) ?? .null
        if let recovery { object["recovery"] = .string(recovery) }
        if let provider {
            object["provider"] = .string(provider.name)
            object["kind"] = .string(provider.kind.rawValue)
        }
        return .object(object)
    }
}

extension IdentityError {
    /// An operation the provider's vendor does not offer.
    package static func unsupported(_ operation: String, provider: ProviderReference) -> IdentityError {
        IdentityError(
            .unsupportedOperation, message: "\(provider.kind) does not support \(operation).",
            recovery: "Check the provider's capabilities before calling \(operation).", provider: provider)
    }
}
