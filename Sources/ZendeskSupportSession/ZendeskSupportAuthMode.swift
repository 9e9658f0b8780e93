/// The authentication type chosen on the Mobile SDK page of the Zendesk Support admin.
public enum ZendeskSupportAuthMode: String, CaseIterable, Hashable, Sendable {
    /// `Identity.createAnonymous(name:email:)`.
    case anonymous
    /// `Identity.createJwt(token:)`, exchanged at the customer's JWT endpoint.
    case jwt
}
