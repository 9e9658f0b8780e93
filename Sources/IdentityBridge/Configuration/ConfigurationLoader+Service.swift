internal import Foundation

extension AppServiceConfiguration {
    /// Reads an app's `service:` mapping; every problem is reported at its YAML position.
    static func parse(_ reader: SettingsReader) -> AppServiceConfiguration? {
        let apiKeys = reader.secrets("api_keys", required: true, minCount: 1, maxCount: maxAPIKeys)
        let bodyLimit = reader.byteSize("body_limit", default: defaultBodyLimit, range: 1...maxBodyLimit)
        let sessionTokens = reader.mapping("session_tokens").flatMap(SessionTokenConfiguration.parse)
        guard let apiKeys, !reader.hasErrors else { return nil }
        return AppServiceConfiguration(apiKeys: apiKeys, bodyLimit: bodyLimit, sessionTokens: sessionTokens)
    }
}

extension SessionTokenConfiguration {
    /// Reads `session_tokens:`; the JWK Set file is read now so a reload picks up a rotated key set atomically.
    static func parse(_ reader: SettingsReader) -> SessionTokenConfiguration? {
        let file = reader.file("keys_file")
        if let file {
            let keys = (try? JSONValue.parse(file.contents))?["keys"]
            if keys?.arrayValue == nil {
                reader.error(
                    "keys_file \(ConfigDiagnostic.quotedPath(file.path)) of \(reader.subject) is not a JWK Set ({\"keys\": [...]}).",
                    at: "keys_file")
            }
        }
        let hs256 = reader.secrets("hs256_secrets", maxCount: maxHS256Secrets) ?? []
        if file == nil, hs256.isEmpty, !reader.hasErrors {
            reader.error("\(reader.subject) session_tokens needs 'keys_file' (a JWK Set) or 'hs256_secrets'.")
        }
        let issuer = reader.string("issuer", required: true)
        let audience = reader.string("audience", required: true)
        let leeway = reader.duration("leeway", default: 60, range: 0...maxLeeway)
        var claims = ClaimNames()
        if let mapping = reader.mapping("claims") {
            claims.userId = mapping.string("user_id", default: claims.userId) ?? claims.userId
            claims.email = mapping.string("email", default: claims.email) ?? claims.email
            claims.name = mapping.string("name", default: claims.name) ?? claims.name
        }
        for (key, value) in [("issuer", issuer), ("audience", audience)] where value?.isEmpty == true {
            reader.error("'\(key)' of \(reader.subject) must not be empty.", at: key)
        }
        guard let issuer, let audience, !reader.hasErrors else { return nil }
        return SessionTokenConfiguration(
            keysFile: file?.path, keySet: file?.contents, hs256Secrets: hs256, issuer: issuer, audience: audience, leeway: leeway,
            claims: claims)
    }
}
