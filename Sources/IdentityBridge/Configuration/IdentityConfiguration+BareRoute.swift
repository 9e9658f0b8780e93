extension IdentityConfiguration {
    /// The API keys and body limit of app `app`'s `service:` section (`nil` without one): what the Benchmarks
    /// package's bare route (`bare-serve`) needs to do the credentials route's required work and nothing more.
    /// The section itself stays `package`; this is the one door the benchmarks reach it through.
    @_spi(Primitives) public func serviceKeys(app: String) -> (apiKeys: [Secret], bodyLimit: Int)? {
        self.app(app)?.service.map { ($0.apiKeys, $0.bodyLimit) }
    }
}
