public import IdentityBridge

/// Where Zendesk's backend learns the customer's JWT endpoint: Zendesk calls `endpoint` with the form
/// body and content type it would POST, and reads the answer. The simulated Zendesk (tests) implements
/// it next to `ZendeskSupportSDKPort`; in production Zendesk calls the token service over HTTP.
public protocol ZendeskSupportJWTEndpointHost: AnyObject, Sendable {
    /// Tells Zendesk where the customer's JWT endpoint is.
    func registerJWTEndpoint(
        _ endpoint: @escaping @Sendable (_ formBody: String, _ contentType: String) async -> TokenExchangeEndpoint.Response)
}
