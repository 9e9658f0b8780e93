#if TokenService
import NIOCore
import IdentityBridge

/// The vendor JWT endpoint's route.
extension ServiceHandlers {
    /// `POST .../jwt`: the vendor's JWT endpoint (the user token is the proof). A session JWT of
    /// the app (recognised by its `iss`) is verified and resolved to its user; any other token is
    /// exchanged as the library's own user token.
    func exchange<Body: ServiceRequestBody>(_ served: ServedApp, _ request: ServiceRequest<Body>) async throws(ServiceFailure)
        -> ServiceAnswer
    {
        let headers = request.headers
        let instance = try instance(served, request)
        let exchanger: any TokenExchanging
        switch instance.exchanger {
        case .success(let found): exchanger = found
        case .failure(let error): throw ServiceFailure(404, error.attributed(to: instance.instance.reference))
        }
        let bytes = try await Self.body(request, limit: served.service.bodyLimit)
        var mode = TokenExchangeEndpoint.Mode.userToken
        if let verifier = served.sessionVerifier, let text = String(validating: bytes.readableBytesView, as: UTF8.self),
            let token = try? FormBody.value(exchanger.exchangeFormField, in: text), verifier.claimsIssuer(token)
        {
            let (tracer, metrics, app) = (self.tracer, self.metrics, served.name)
            mode = .resolveUser { token throws(IdentityError) in
                do throws(IdentityError) {
                    return try await ServiceTracing.span(tracer, "identitybridge.session_token.verify") { () throws(IdentityError) in
                        try await verifier.verify(token)
                    }
                } catch {
                    metrics?.recordAuthRefusal(app: app, credential: .sessionToken, code: error.code)
                    throw error
                }
            }
        }
        let endpoint = TokenExchangeEndpoint(exchanger: exchanger, mode: mode, bodyLimit: served.service.bodyLimit, logger: logger)
        let response = await ServiceTracing.span(tracer, "identitybridge.token.exchange", provider: instance.instance.reference) {
            () async -> TokenExchangeEndpoint.Response in
            let response = await endpoint.handle(formBody: Array(bytes.readableBytesView), contentType: headers.contentType)
            if let error = response.error { ServiceTracing.annotateFailure(error.code) }
            return response
        }
        if let error = response.error { request.record.code = error.code }
        return .json(response.status, text: response.bodyText)
    }
}
#endif
