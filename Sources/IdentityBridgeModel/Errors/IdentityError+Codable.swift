extension IdentityError: Codable {
    private enum CodingKeys: String, CodingKey {
        case code, message, field, recovery, provider, kind
        case vendorCode = "vendor_code"
    }

    /// Decodes the object ``json`` describes (`code`, `message`, `field`, `vendor_code`,
    /// `recovery`, `provider`, `kind`), as `identityctl` prints it under `error`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let providerName = try container.decodeIfPresent(String.self, forKey: .provider)
        let kind = try container.decodeIfPresent(ProviderKind.self, forKey: .kind)
        self.init(
            try container.decode(Code.self, forKey: .code),
            field: try container.decodeIfPresent(String.self, forKey: .field),
            vendorCode: try container.decodeIfPresent(String.self, forKey: .vendorCode),
            message: try container.decode(String.self, forKey: .message),
            recovery: try container.decodeIfPresent(String.self, forKey: .recovery),
            provider: kind.map { ProviderReference(kind: $0, name: providerName) })
    }

    /// Encodes the same object as ``json``: `field` and `vendor_code` are `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
