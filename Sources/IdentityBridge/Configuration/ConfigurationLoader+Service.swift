internal import Foundation

extension AppServiceConfiguration {
    /// Reads an app's `service:` mapping; every problem is reported at its YAML position.
    static func parse(_ reader: SettingsReader) -> AppServiceConfiguration? {
        // An app served to its users' session tokens only needs no API key.
        let sessionOnly = reader.has("session_tokens")
        let apiKeys = reader.secrets("api_keys", required: !sessionOnly, minCount: sessionOnly ? 0 : 1, maxCount: maxAPIKeys)
        let bodyLimit = reader.byteSize("body_limit", default: defaultBodyLimit, range: 1...maxBodyLimit)
        let sessionTokens = reader.mapping("session_tokens").flatMap(SessionTokenConfiguration.parse)
        guard apiKeys != nil || sessionOnly, !reader.hasErrors else { return nil }
        return AppServiceConfiguration(apiKeys: apiKeys ?? [], bodyLimit: bodyLimit, sessionTokens: sessionTokens)
    }
}

extension SessionTokenConfiguration {
    /// Reads `session_tokens:`: a list of `issuers`, or 0.3's one issuer written in place. A JWK Set
    /// file is read now, so a reload picks up a rotated key set atomically.
    static func parse(_ reader: SettingsReader) -> SessionTokenConfiguration? {
        let leeway = reader.duration("leeway", default: 60, range: 0...maxLeeway)
        let issuers: [SessionTokenIssuer?]
        if let list = reader.list("issuers") {
            if !(1...maxIssuers).contains(list.count) {
                reader.error("'issuers' of \(reader.subject) lists \(list.count); it must list 1 to \(maxIssuers).", at: "issuers")
            }
            issuers = list.map(SessionTokenIssuer.parse)
        } else {
            issuers = [SessionTokenIssuer.parse(reader)]
        }
        let parsed = issuers.compactMap { $0 }
        var seen: Set<String> = []
        for issuer in parsed where !seen.insert(String(issuer.label.trimmingTrailingSlash)).inserted {
            reader.error(
                "\(reader.subject) lists issuer \(ConfigDiagnostic.quoted(issuer.label)) twice; a token's iss must pick one issuer.",
                at: "issuers")
        }
        guard parsed.count == issuers.count, !reader.hasErrors else { return nil }
        return SessionTokenConfiguration(issuers: parsed, leeway: leeway)
    }
}

extension SessionTokenIssuer {
    /// Reads one issuer; every problem is reported at its line.
    static func parse(_ reader: SettingsReader) -> SessionTokenIssuer? {
        let issuerURL = url(reader, "issuer_url")
        let jwksURL = url(reader, "jwks_url")
        let file = reader.file("keys_file")
        if let file, (try? JSONValue.parse(file.contents))?["keys"]?.arrayValue == nil {
            reader.error(
                "keys_file \(ConfigDiagnostic.quotedPath(file.path)) of \(reader.subject) is not a JWK Set ({\"keys\": [...]}).",
                at: "keys_file")
        }
        let hs256 = reader.secrets("hs256_secrets", maxCount: SessionTokenConfiguration.maxHS256Secrets) ?? []
        let sources = [("issuer_url", issuerURL != nil), ("jwks_url", jwksURL != nil), ("keys_file", file != nil)].filter(\.1).map(\.0)
        if sources.count > 1 {
            reader.error(
                "\(reader.subject) sets both '\(sources[0])' and '\(sources[1])'; an issuer's keys come from one place.", at: sources[1])
        } else if sources.isEmpty, hs256.isEmpty, !reader.hasErrors {
            reader.error(
                "\(reader.subject) session_tokens needs where the issuer's keys are: 'issuer_url' (OpenID discovery), 'jwks_url', "
                    + "'keys_file' (a JWK Set) or 'hs256_secrets'.")
        }
        let issuer = reader.string("issuer", required: !reader.has("issuer_url"))
        if let issuer, issuer.isEmpty { reader.error("'issuer' of \(reader.subject) must not be empty.", at: "issuer") }
        if let issuer, let issuerURL, issuer.trimmingTrailingSlash != issuerURL.trimmingTrailingSlash {
            reader.error(
                "'issuer' of \(reader.subject) is not its 'issuer_url': OpenID discovery requires the provider's issuer to be the URL "
                    + "its configuration is fetched from. Drop 'issuer' (the discovery document's is used).",
                at: "issuer")
        }
        let audiences = reader.strings("audience", maxCount: maxAudiences)
        if audiences == nil, !reader.has("audience") {
            reader.error("\(reader.subject) is missing required setting 'audience' (the aud your provider puts in the user's token).")
        }
        var algorithms = reader.strings("algorithms", maxCount: supportedAlgorithms.count)
        for algorithm in algorithms ?? [] where !supportedAlgorithms.contains(algorithm) {
            reader.error(
                "'algorithms' of \(reader.subject) lists \(ConfigDiagnostic.quoted(algorithm)); it may list \(supportedAlgorithms.joined(separator: ", ")).",
                at: "algorithms")
            algorithms = nil
        }
        if let algorithms, algorithms.contains("HS256"), hs256.isEmpty {
            reader.error("'algorithms' of \(reader.subject) lists HS256 but the issuer has no 'hs256_secrets'.", at: "algorithms")
        }
        if let algorithms, algorithms.contains(where: { $0 != "HS256" }), sources.isEmpty {
            reader.error(
                "'algorithms' of \(reader.subject) lists a public-key algorithm but the issuer has no 'issuer_url', 'jwks_url' or 'keys_file'.",
                at: "algorithms")
        }
        var claims = ClaimNames()
        if let mapping = reader.mapping("claims") {
            claims.userId = mapping.string("user_id", default: claims.userId) ?? claims.userId
            claims.email = mapping.string("email", default: claims.email) ?? claims.email
            claims.name = mapping.string("name", default: claims.name) ?? claims.name
        }
        let cache = reader.mapping("keys_cache").map(KeyCache.parse) ?? KeyCache()
        guard let audiences, !reader.hasErrors else { return nil }
        let keys: Keys? =
            if let issuerURL { .discovery(url: issuerURL) } else if let jwksURL { .jwksURL(jwksURL) } else if let file {
                .file(path: file.path, contents: file.contents)
            } else { nil }
        return SessionTokenIssuer(
            issuer: issuer, keys: keys, hs256Secrets: hs256, audiences: audiences, algorithms: algorithms, claims: claims, cache: cache)
    }

    /// A URL setting: https, or http to a loopback host (tests); never user info or a fragment.
    private static func url(_ reader: SettingsReader, _ key: String) -> String? {
        guard let text = reader.string(key) else { return nil }
        if let problem = urlProblem(text) {
            reader.error("'\(key)' of \(reader.subject) \(problem).", at: key)
            return nil
        }
        return text
    }

    /// Why `text` cannot be a key URL (`nil` when it can): https, or http to a loopback host only.
    package static func urlProblem(_ text: String) -> String? {
        guard text.utf8.count <= 2048, let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host,
            !host.isEmpty
        else { return "is not an absolute URL such as https://auth.example.com/" }
        if url.user != nil || url.password != nil { return "must not carry a user name or password" }
        if url.fragment != nil { return "must not have a #fragment" }
        if scheme == "https" || (scheme == "http" && isLoopback(host)) { return nil }
        return "must be an https URL (http only to a loopback host: 127.0.0.1, ::1 or localhost, for tests)"
    }

    /// Whether `host` is this machine's loopback.
    package static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
    }
}

extension SessionTokenIssuer.KeyCache {
    /// Reads `keys_cache:`; each bound is checked against the others.
    static func parse(_ reader: SettingsReader) -> Self {
        let defaults = Self()
        let day: Int64 = 86_400
        var cache = Self(
            minAge: reader.duration("min_age", default: defaults.minAge, range: 1...day),
            maxAge: reader.duration("max_age", default: defaults.maxAge, range: 1...maxBound),
            maxStale: reader.duration("max_stale", default: defaults.maxStale, range: 0...maxBound),
            refreshInterval: reader.duration("refresh_interval", default: defaults.refreshInterval, range: 1...3600),
            timeout: reader.duration("timeout", default: defaults.timeout, range: 1...maxTimeout))
        if cache.maxAge < cache.minAge {
            reader.error("'max_age' of \(reader.subject) keys_cache is below its 'min_age'.", at: "max_age")
            cache.maxAge = cache.minAge
        }
        return cache
    }
}

extension String {
    /// The string without one trailing `/` (issuers are compared up to it only to say so).
    package var trimmingTrailingSlash: Substring { hasSuffix("/") ? dropLast() : self[...] }
}
