extension Credential: Codable {
    /// Decodes the fields object `identityctl token` prints under `credential` (``expiresAt`` is not part of it).
    public init(from decoder: any Decoder) throws {
        self.init(fields: try [String: JSONValue](from: decoder))
    }

    /// Encodes the fields object, exactly as `identityctl token` prints it under `credential`.
    public func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
    }
}
