import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// Audit: the issuer's own checks and the simulated vendor give the same Helpshift reason for the
/// same hostile input (helpshift-events.txt, vendor-notes.md).
@Suite("Helpshift audit: issuer and vendor give the same reason")
struct AuditAgreementTests {
    typealias F = HelpshiftFixture
    static let on = ["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}"]

    static func identitiesJWT(iat: JSONValue?) -> String {
        var claims: [String: JSONValue] = ["identities": .array([["identifier": "uid", "value": "u-1"]])]
        if let iat { claims["iat"] = iat }
        return HS256Signer(secret: Secret(F.identitySecret)).sign(claims: claims)
    }

    @Test(
        "HelpshiftIatIsMandatory is \"iat key is missing in the JWT\"; an iat of the wrong type is IdentityTokenInvalid (\"not in valid format\"), for the issuer as for the vendor"
    )
    func iatReasonAgrees() async throws {
        let issuer = F.issuer(F.settings(identitySystem: true))
        let cases: [(JSONValue?, String)] = [
            (nil, "IatIsMandatory"), (.null, "IatIsMandatory"),
            (.string("1767225600"), "IdentityTokenInvalid"), (.bool(true), "IdentityTokenInvalid"),
            (.array([.int(F.start)]), "IdentityTokenInvalid"), (.double(1.5), "IdentityTokenInvalid"),
        ]
        for (iat, reason) in cases {
            let jwt = Self.identitiesJWT(iat: iat)
            let local = F.error { try issuer.verify(jwt, for: nil) }
            #expect(local?.vendorCode == reason, "issuer, iat \(String(describing: iat))")
            #expect(local?.field == "iat")
            let h = try F.harness(Self.on)
            let vendor = await F.asyncError { try await h.provider.login(identitiesJWT: jwt) }
            #expect(vendor?.vendorCode == reason, "vendor, iat \(String(describing: iat))")
        }
    }

    @Test(
        "updateAppAttributes: \"Ensure value is one of the supported types - String, Bool, Number\": NaN and infinity are no numbers (HelpshiftInvalidValueType)"
    )
    func nonFiniteNumbers() async throws {
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        for number in [Double.nan, .infinity, -.infinity] {
            for (master, attributes) in [
                (false, ["score": JSONValue.double(number)]), (true, ["lifetime_value": JSONValue.double(number)]),
            ] {
                let local = await F.asyncError {
                    if master {
                        try await h.provider.updateMasterAttributes(attributes)
                    } else {
                        try await h.provider.updateAppAttributes(attributes)
                    }
                }
                #expect(local?.vendorCode == "HelpshiftInvalidValueType", "\(attributes)")
                #expect(local?.code == .invalidValueType)
                // The simulated vendor, reached directly, refuses it with the same reason.
                if master {
                    await h.simulator.updateMasterAttributes(attributes)
                } else {
                    await h.simulator.updateAppAttributes(attributes)
                }
                guard case .fields(let fields) = h.recorder.events.last?.payload else {
                    Issue.record("fields")
                    continue
                }
                #expect(fields["errors"]?.objectValue?.values.first?["reason"] == "HelpshiftInvalidValueType")
            }
        }
        try await h.provider.updateAppAttributes(["score": .double(1e300), "level": .int(.min)])
        #expect(await h.simulator.appAttributes()["level"] == .int(.min))
    }
    @Test("\"iat ... must be less than 24 hours old\": issuer and vendor share the boundary (86399 s accepted, 86400 s refused)")
    func iatBoundaryAgrees() async throws {
        let issuer = F.issuer(F.settings(identitySystem: true))
        for (age, accepted) in [(HelpshiftLimits.identityTokenMaxAge - 1, true), (HelpshiftLimits.identityTokenMaxAge, false)] {
            let jwt = Self.identitiesJWT(iat: .int(F.start - age))
            let local = F.error { try issuer.verify(jwt, for: nil) }
            #expect((local == nil) == accepted, "issuer, age \(age)")
            let h = try F.harness(Self.on)
            let vendor = await F.asyncError { try await h.provider.login(identitiesJWT: jwt) }
            #expect((vendor == nil) == accepted, "vendor, age \(age)")
            if !accepted {
                #expect(local?.vendorCode == "IdentityTokenInvalid")
                #expect(vendor?.vendorCode == "IdentityTokenInvalid")
            }
        }
    }
}
