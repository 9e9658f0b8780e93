#if TokenService
package import IdentityBridge
import Prometheus

extension ServiceMetrics {
    /// The credential a caller authenticated with.
    package enum CallerCredential: String, Sendable {
        /// One of the app's API keys (its backend).
        case apiKey = "api_key"
        /// A session token of the app's identity provider (a signed-in user).
        case sessionToken = "session_token"
    }

    /// `identitybridge_auth_refusals_total{app, credential, code}`.
    static var authRefusals: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "auth_refusals", unitName: "total",
            helpText:
                "Callers refused before any credential was issued, by served app, credential (api_key, session_token) and uniform code (a session token's own reason: token_expired, key_unknown...)."
        )
    }

    /// Counts one caller of the served `app` refused: its `credential` and the refusal's uniform `code`.
    package func recordAuthRefusal(app: String, credential: CallerCredential, code: IdentityError.Code) {
        registry.makeCounter(
            descriptor: Self.authRefusals, labels: [("app", app), ("credential", credential.rawValue), ("code", code.rawValue)]
        ).increment()
    }
}
#endif
