import Crypto
import Foundation
import HelpshiftAdapter
@_spi(Primitives) import IdentityBridge
import JWTKit
import ZendeskChatAdapter
import ZendeskMessagingAdapter
import ZendeskSupportAdapter

/// identity-bench: the adapters' own issuing and verifying code against jwt-kit 5 and a bare one-shot HMAC-SHA256
/// (swift-crypto `HMAC<SHA256>.authenticationCode(for:using:)`) over the same signing input.
///
/// What is measured on our side is exactly what a backend runs, through the adapters' public API:
/// - chat.mint / .verify: `ZendeskChatIssuer.mint(for:)` (what `issue(for:)` wraps), with every input rule /
///   `verify(_:)` (the checks of `verify(_:for:)`): signature, name, email, external_id, iat skew, lifetime, expiry.
/// - messaging.mint / .verify: `ZendeskMessagingIssuer.mint(for:)` / `verify(_:)` (the paths
///   behind `issue` / `verify`), with the kid picked among 10 signing keys.
/// - support.mint / .verify: `ZendeskSupportIssuer.mint(for:)` (what `exchange(user:)` returns, fresh random
///   jti included) / `verify(_:)` (the checks `verify(_:for:)` applies to a JWT).
/// - helpshift.userAuthToken / .verify: `HelpshiftIssuer.mint(for:)` /
///   `verify(_:for:)` (the digest recomputed and compared in constant time), identifier rules included.
/// jwt-kit gets the same claims (and a fresh UUID jti for Support); its payload `verify` checks only
/// the claim rules a jwt-kit user would write, not the adapters' name and email rules (favouring it).
/// The bare HMAC is one one-shot HMAC-SHA256 over the same signing input.
///
/// Contenders run in alternating rounds in one process (one core); each line reports medians.
enum Bench {
    struct Row {
        var operation: String
        var ours: Double
        var jwtKit: Double?
        var hmac: Double
        var vsJWTKit: Double?
        var vsHMAC: Double
        var targetJWTKit: Double?
        var targetHMAC: Double
    }

    /// What the command line asks for.
    enum Mode: Equatable {
        case full
        case quick
        case profile(ProfileOperation, count: Int?)
    }

    /// The mode for `arguments` (without the program name): nothing, `--quick`, or
    /// `--profile OPERATION [COUNT]`; anything else is a usage error.
    static func mode(_ arguments: [String]) throws(BenchUsageError) -> Mode {
        switch arguments.first {
        case nil: return .full
        case "--quick" where arguments.count == 1: return .quick
        case "--profile":
            guard arguments.count == 2 || arguments.count == 3 else {
                throw BenchUsageError("--profile takes an operation and an optional count")
            }
            guard let operation = ProfileOperation(rawValue: arguments[1]) else {
                let known = ProfileOperation.allCases.map(\.rawValue).joined(separator: ", ")
                throw BenchUsageError("unknown --profile operation '\(arguments[1])'; one of: \(known)")
            }
            guard arguments.count == 3 else { return .profile(operation, count: nil) }
            guard let count = Int(arguments[2]), count > 0 else {
                throw BenchUsageError("the --profile count must be a positive integer, not '\(arguments[2])'")
            }
            return .profile(operation, count: count)
        default:
            throw BenchUsageError("unexpected arguments: \(arguments.joined(separator: " "))")
        }
    }

    static func run(arguments: [String]) async throws {
        let mode = try mode(Array(arguments.dropFirst()))
        let quick = mode == .quick
        let rounds = quick ? 5 : 15
        let roundSeconds = quick ? 0.03 : 0.12
        let mintCount = quick ? 1_000_000 : 10_000_000
        let pinned = pinToOneCore()
        if case .profile = mode {
        } else {
            print(
                "identity-bench (\(quick ? "quick" : "full") mode; \(rounds) alternating rounds of ~\(Int(roundSeconds * 1000)) ms per contender; rates per CPU second: medians; ratios: medians of same-round ratios; \(pinned))"
            )
        }

        let now = BenchTime.now
        let name = "Zoë Example"
        let email = "zoe.example@example.com"
        let externalID = "user-1234567890"
        var sink = 0

        // MARK: The adapters, configured as a backend would configure them (time from a fixed clock)
        let clock = FixedClock(unixSeconds: now)
        let user = UserIdentity(userId: externalID, email: email, name: name)

        let chatSecret = Secret("zendesk-chat-shared-secret-0123456789abcdef")
        let chatIssuer = try ZendeskChatIssuer(
            settings: ZendeskChatSettings(accountKey: Secret("zendesk-chat-account-key"), secret: chatSecret, tokenLifetime: 300),
            clock: clock)
        let chatKeys = await JWTKeyCollection().add(hmac: HMACKey(from: chatSecret.revealedBytes), digestAlgorithm: .sha256)

        let messagingIDs = (1...10).map { "app_64f0c1e2d3b4a5968778\(String(1000 + $0))" }
        let messagingSecrets = (0..<10).map { Secret("zendesk-messaging-secret-\($0)-0123456789abcdefghij") }
        let messagingKid = messagingIDs[6]
        let messagingIssuer = ZendeskMessagingIssuer(
            settings: try ZendeskMessagingSettings(
                signingKeys: zip(messagingIDs, messagingSecrets).map { ZendeskMessagingSigningKey(keyID: $0, secret: $1) },
                activeKeyID: messagingKid, tokenLifetime: 3600),
            clock: clock)
        let messagingKeys = JWTKeyCollection()
        for (kid, secret) in zip(messagingIDs, messagingSecrets) {
            await messagingKeys.add(hmac: HMACKey(from: secret.revealedBytes), digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        }

        let supportSecret = Secret("zendesk-support-shared-secret-0123456789abcdef")
        let supportIssuer = try ZendeskSupportIssuer(settings: ZendeskSupportSettings(auth: .jwt, secret: supportSecret), clock: clock)
        let supportKeys = await JWTKeyCollection().add(hmac: HMACKey(from: supportSecret.revealedBytes), digestAlgorithm: .sha256)

        let helpshiftSecret = Secret("helpshift-app-secret-0123456789abcdefghij")
        let helpshiftIssuer = HelpshiftIssuer(
            settings: HelpshiftSettings(identityVerification: true, secret: helpshiftSecret), provider: ProviderReference(kind: .helpshift),
            clock: clock)
        let helpshiftSymmetric = SymmetricKey(data: helpshiftSecret.revealedBytes)
        let helpshiftUser = UserIdentity(userId: "user-1234567890")
        let helpshiftInput = Array("user-1234567890".utf8)

        // The operations measured: exactly the adapters' public fast paths (the Credential /
        // VerifiedCredential wrappers call these same paths and add only the dictionary).
        func chatMint() throws -> String { try chatIssuer.mint(for: user) }
        func chatVerify(_ token: String) throws -> String { try chatIssuer.verify(token).externalId }
        func messagingMint() throws -> String { try messagingIssuer.mint(for: user) }
        func messagingVerify(_ token: String) throws -> String { try messagingIssuer.verify(token).externalId }
        func supportMint() throws -> String { try supportIssuer.mint(for: user) }
        func supportVerify(_ token: String) throws -> String { try supportIssuer.verify(token).jti }
        func helpshiftToken() throws -> String { try helpshiftIssuer.mint(for: helpshiftUser) }
        let helpshiftUserAuthToken = try helpshiftToken()
        func helpshiftVerify() throws -> Int { try helpshiftIssuer.verify(helpshiftUserAuthToken, for: helpshiftUser).claims.count }
        func uuidJTI() -> String { UUID().uuidString.lowercased() }

        // MARK: Tokens and cross-checks (correctness before speed)
        let chatToken = try chatMint()
        let messagingToken = try messagingMint()
        let supportToken = try supportMint()

        let chatPayload = JWTKitChatPayload(name: name, email: email, external_id: externalID, iat: now, exp: now + 300)
        let messagingPayload = JWTKitMessagingPayload(
            scope: "user", external_id: externalID, name: name, email: email, email_verified: nil, exp: now + 3600)
        let supportPayload = JWTKitSupportPayload(jti: uuidJTI(), iat: now, name: name, email: email, external_id: externalID)
        let kitChatToken = try await chatKeys.sign(chatPayload)
        let kitMessagingToken = try await messagingKeys.sign(messagingPayload, kid: JWKIdentifier(string: messagingKid))
        let kitSupportToken = try await supportKeys.sign(supportPayload)

        _ = try await chatKeys.verify(chatToken, as: JWTKitChatPayload.self)
        _ = try await messagingKeys.verify(messagingToken, as: JWTKitMessagingPayload.self)
        _ = try await supportKeys.verify(supportToken, as: JWTKitSupportPayload.self)
        _ = try chatVerify(kitChatToken)
        _ = try messagingVerify(kitMessagingToken)
        _ = try supportVerify(kitSupportToken)
        let oneShot = HMAC<SHA256>.authenticationCode(for: helpshiftInput, using: helpshiftSymmetric)
        guard try helpshiftToken() == HMACDigest.hex(Array(oneShot)) else {
            print("FAIL: Helpshift userAuthToken differs from swift-crypto's HMAC")
            return
        }
        print(
            "cross-checks: the adapters' tokens verify with jwt-kit, jwt-kit's tokens verify with the adapters, Helpshift userAuthToken equals swift-crypto's HMAC"
        )

        func signingInput(_ token: String) -> [UInt8] {
            let bytes = Array(token.utf8)
            guard let last = bytes.lastIndex(of: UInt8(ascii: ".")) else { return bytes }
            return Array(bytes[..<last])
        }
        func bareHMAC(_ input: [UInt8], _ key: SymmetricKey) -> Contender {
            .repeating("hmac") { HMAC<SHA256>.authenticationCode(for: input, using: key).withUnsafeBytes { Int($0[0]) } }
        }
        let chatSymmetric = SymmetricKey(data: chatSecret.revealedBytes)
        let supportSymmetric = SymmetricKey(data: supportSecret.revealedBytes)
        let messagingSymmetric = SymmetricKey(data: messagingSecrets[6].revealedBytes)
        let chatInput = signingInput(chatToken)
        let messagingInput = signingInput(messagingToken)
        let supportInput = signingInput(supportToken)

        // `--profile OPERATION [COUNT]`: run only one side of one operation COUNT times (for
        // perf record); `floor.*` time one stage of our path alone.
        if case .profile(let operation, let requested) = mode {
            let supportPayloadPart = Array(supportToken.split(separator: ".")[1].utf8)
            let floorKey = HMACDigest.Key(secret: chatSecret)
            let floorSigner = HS256Signer(secret: chatSecret)
            let floorPayload = Array(
                #"{"name":"Zoë Example","email":"zoe.example@example.com","external_id":"user-1234567890","iat":1767225600,"exp":1767225900}"#
                    .utf8)
            // One contender per operation; the switch is exhaustive, so every operation the
            // command line accepts has a body.
            let contender: Contender
            switch operation {
            case .chatMint: contender = .repeating("ours") { try chatMint().utf8.count }
            case .chatVerify: contender = .repeating("ours") { try chatVerify(chatToken).utf8.count }
            case .messagingMint: contender = .repeating("ours") { try messagingMint().utf8.count }
            case .messagingVerify: contender = .repeating("ours") { try messagingVerify(messagingToken).utf8.count }
            case .supportMint: contender = .repeating("ours") { try supportMint().utf8.count }
            case .supportVerify: contender = .repeating("ours") { try supportVerify(supportToken).utf8.count }
            case .helpshift: contender = .repeating("ours") { try helpshiftToken().utf8.count }
            case .jwtkitMint:
                contender = .repeatingAsync("jwt-kit") {
                    try await chatKeys.sign(JWTKitChatPayload(name: name, email: email, external_id: externalID, iat: now, exp: now + 300))
                        .utf8.count
                }
            case .jwtkitVerify:
                contender = .repeatingAsync("jwt-kit") {
                    try await chatKeys.verify(chatToken, as: JWTKitChatPayload.self).external_id.utf8.count
                }
            case .hmac: contender = bareHMAC(chatInput, chatSymmetric)
            case .floorKey:
                contender = .repeating("ours") { chatInput.withUnsafeBytes { floorKey.withAuthenticationCode(for: $0) { Int($0[0]) } } }
            case .floorSign: contender = .repeating("ours") { floorSigner.sign(payload: floorPayload).utf8.count }
            case .floorDecode: contender = .repeating("ours") { try DecodedJWT.decode(supportToken).claimNames.count }
            case .floorBase64:
                contender = .repeating("ours") {
                    supportPayloadPart.withUnsafeBufferPointer { part in
                        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: part.count) {
                            Primitives.base64URLDecode(part, into: $0.baseAddress!) ?? 0
                        }
                    }
                }
            case .floorJSON: contender = .repeating("ours") { try Primitives.parseJSON(floorPayload).objectValue?.count ?? 0 }
            }
            let count = requested ?? (operation.rawValue.hasPrefix("jwtkit") ? 200_000 : 2_000_000)
            let start = cpuNanoseconds()
            sink &+= try await contender.run(count)
            print(
                "\(operation.rawValue): \(format(Double(count) / (Double(cpuNanoseconds() - start) / 1e9))) per CPU second (checksum \(sink & 0xFF))"
            )
            return
        }

        var rows: [Row] = []
        /// Compares our contender with jwt-kit's (when there is one) and the bare HMAC, and records the row.
        func measure(
            _ operation: String, ours: Contender, jwtKit: Contender?, hmac: Contender, targetJWTKit: Double?, targetHMAC: Double
        ) async throws {
            let contenders = [ours] + (jwtKit.map { [$0] } ?? []) + [hmac]
            let r = try await compare(contenders, rounds: rounds, roundSeconds: roundSeconds, sink: &sink)
            let h = contenders.count - 1
            rows.append(
                Row(
                    operation: operation, ours: r.rates[0], jwtKit: jwtKit == nil ? nil : r.rates[1], hmac: r.rates[h],
                    vsJWTKit: jwtKit == nil ? nil : r.ratios[1], vsHMAC: r.ratios[h], targetJWTKit: targetJWTKit, targetHMAC: targetHMAC))
        }

        // MARK: Zendesk Chat
        try await measure(
            "chat.mint", ours: .repeating("ours") { try chatMint().utf8.count },
            jwtKit: .repeatingAsync("jwt-kit") {
                let payload = JWTKitChatPayload(name: name, email: email, external_id: externalID, iat: now, exp: now + 300)
                return try await chatKeys.sign(payload).utf8.count
            },
            hmac: bareHMAC(chatInput, chatSymmetric), targetJWTKit: 10, targetHMAC: 0.5)
        try await measure(
            "chat.verify", ours: .repeating("ours") { try chatVerify(chatToken).utf8.count },
            jwtKit: .repeatingAsync("jwt-kit") { try await chatKeys.verify(chatToken, as: JWTKitChatPayload.self).external_id.utf8.count },
            hmac: bareHMAC(chatInput, chatSymmetric), targetJWTKit: 8, targetHMAC: 0.4)

        // MARK: Zendesk Messaging (kid among 10 keys)
        let kid = JWKIdentifier(string: messagingKid)
        try await measure(
            "messaging.mint", ours: .repeating("ours") { try messagingMint().utf8.count },
            jwtKit: .repeatingAsync("jwt-kit") {
                let payload = JWTKitMessagingPayload(
                    scope: "user", external_id: externalID, name: name, email: email, email_verified: nil, exp: now + 3600)
                return try await messagingKeys.sign(payload, kid: kid).utf8.count
            },
            hmac: bareHMAC(messagingInput, messagingSymmetric), targetJWTKit: 10, targetHMAC: 0.5)
        try await measure(
            "messaging.verify", ours: .repeating("ours") { try messagingVerify(messagingToken).utf8.count },
            jwtKit: .repeatingAsync("jwt-kit") {
                try await messagingKeys.verify(messagingToken, as: JWTKitMessagingPayload.self).external_id.utf8.count
            },
            hmac: bareHMAC(messagingInput, messagingSymmetric), targetJWTKit: 8, targetHMAC: 0.4)

        // MARK: Zendesk Support
        try await measure(
            "support.mint", ours: .repeating("ours") { try supportMint().utf8.count },
            jwtKit: .repeatingAsync("jwt-kit") {
                // The same fresh random jti per token as the adapter.
                let payload = JWTKitSupportPayload(jti: uuidJTI(), iat: now, name: name, email: email, external_id: externalID)
                return try await supportKeys.sign(payload).utf8.count
            },
            hmac: bareHMAC(supportInput, supportSymmetric), targetJWTKit: 10, targetHMAC: 0.5)
        try await measure(
            "support.verify", ours: .repeating("ours") { try supportVerify(supportToken).utf8.count },
            jwtKit: .repeatingAsync("jwt-kit") { try await supportKeys.verify(supportToken, as: JWTKitSupportPayload.self).jti.utf8.count },
            hmac: bareHMAC(supportInput, supportSymmetric), targetJWTKit: 8, targetHMAC: 0.4)

        // MARK: Helpshift userAuthToken (no JWT: HMAC + hex)
        try await measure(
            "helpshift.userAuthToken", ours: .repeating("ours") { try helpshiftToken().utf8.count }, jwtKit: nil,
            hmac: bareHMAC(helpshiftInput, helpshiftSymmetric), targetJWTKit: nil, targetHMAC: 0.9)
        try await measure(
            "helpshift.verify", ours: .repeating("ours") { try helpshiftVerify() }, jwtKit: nil,
            hmac: bareHMAC(helpshiftInput, helpshiftSymmetric), targetJWTKit: nil, targetHMAC: 0.9)

        // MARK: Report
        print("")
        print(
            pad("operation", 24) + pad("ours", 11) + pad("jwt-kit", 11) + pad("bare HMAC", 11) + pad("vs jwt-kit", 12) + pad("vs HMAC", 9)
                + "target")
        var allMet = true
        for row in rows {
            let vsKit = row.vsJWTKit
            let vsHMAC = row.vsHMAC
            var target = ""
            var met = vsHMAC >= row.targetHMAC
            if let goal = row.targetJWTKit, let vsKit {
                target = ">=\(fixed(goal, 0))x jwt-kit, "
                met = met && vsKit >= goal
            }
            target += ">=\(fixed(row.targetHMAC, 1))x HMAC: " + (met ? "met" : "NOT MET")
            allMet = allMet && met
            print(
                pad(row.operation, 24) + pad(format(row.ours), 11) + pad(row.jwtKit.map(format) ?? "n/a", 11) + pad(format(row.hmac), 11)
                    + pad(vsKit.map { fixed($0, 1) + "x" } ?? "n/a", 12) + pad(fixed(vsHMAC, 2) + "x", 9) + target)
        }

        // MARK: Memory over many mints
        let rssBefore = residentKiB()
        let heapBefore = heapSegmentKiB()
        let start = nanoseconds()
        for _ in 0..<mintCount {
            sink &+= try chatMint().utf8.count
        }
        let seconds = Double(nanoseconds() - start) / 1e9
        let rssAfter = residentKiB()
        let heapAfter = heapSegmentKiB()
        print("")
        print(
            "memory: \(mintCount) Chat mints in \(fixed(seconds, 2)) s: RSS \(rssBefore) KiB -> \(rssAfter) KiB (\(rssAfter - rssBefore >= 0 ? "+" : "")\(rssAfter - rssBefore) KiB), "
                + "malloc heap \(heapBefore) KiB -> \(heapAfter) KiB (\(heapAfter - heapBefore >= 0 ? "+" : "")\(heapAfter - heapBefore) KiB)"
        )
        print("all targets: " + (allMet ? "met" : "NOT all met") + " (checksum \(sink & 0xFFFF))")

        let chatMint = rows[0]
        let chatVerify = rows[1]
        print(
            "ratio_mint_vs_jwtkit=\(fixed(chatMint.vsJWTKit ?? 0, 2)) ratio_mint_vs_hmac=\(fixed(chatMint.vsHMAC, 2)) "
                + "ratio_verify_vs_jwtkit=\(fixed(chatVerify.vsJWTKit ?? 0, 2)) ratio_verify_vs_hmac=\(fixed(chatVerify.vsHMAC, 2))")
    }
}

/// A command-line mistake: printed with the usage, exit status 2.
struct BenchUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What `--profile` can run: one side of one operation, or (`floor.*`) one stage of our path alone.
enum ProfileOperation: String, CaseIterable, Sendable {
    case chatMint = "chat.mint"
    case chatVerify = "chat.verify"
    case messagingMint = "messaging.mint"
    case messagingVerify = "messaging.verify"
    case supportMint = "support.mint"
    case supportVerify = "support.verify"
    case helpshift
    case jwtkitMint = "jwtkit.mint"
    case jwtkitVerify = "jwtkit.verify"
    case hmac
    case floorKey = "floor.key"
    case floorSign = "floor.sign"
    case floorDecode = "floor.decode"
    case floorBase64 = "floor.b64"
    case floorJSON = "floor.json"
}
