import Foundation
import IdentityBridge
import IdentityBridgeStandard
import TrickyNames

// Loads the target's identity.yaml (copied as a resource; its `:-` development defaults stand in for
// the variables) and issues a credential for each built-in kind, naming instances by generated constant.
guard let path = Bundle.module.path(forResource: "identity", ofType: "yaml") else {
    fatalError("identity.yaml is not in the bundle")
}
let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: path)
let user = UserIdentity(userId: "user-42", email: "ada@example.com", name: "Ada Lovelace")
let instances = [
    IdentityConfig.Apps.demo.helpshift, IdentityConfig.Apps.demo.zendeskSupport,
    IdentityConfig.Apps.demo.zendeskChat, IdentityConfig.Apps.demo.zendeskMessaging,
]
precondition(instances == IdentityConfig.instances, "the generated list differs from the constants")
for id in instances {
    let issuer = try configuration.makeIssuer(id)
    let credential = try issuer.issue(for: user)
    let kind = try configuration.instance(id).reference.kind
    print("\(id.app)/\(id.provider) (\(kind)): \(credential.json.jsonString)")
}
print("tricky names: \(trickyNames.map { "\($0.app)/\($0.provider)" }.joined(separator: ", "))")

// The HMAC under every credential, on the hash backend the traits chose: RFC 4231's test cases 2 (a short
// key) and 6 (a key longer than SHA-256's block, hashed first). `.ci/plugins.sh` compares both with the RFC.
print("hash backend: \(HMACDigest.hashBackend)")
print("rfc4231 case 2: \(HMACDigest.Key(secret: Secret("Jefe")).hex(of: "what do ya want for nothing?"))")
let longKey = HMACDigest.Key(secret: Secret(bytes: [UInt8](repeating: 0xaa, count: 131)))
print("rfc4231 case 6: \(longKey.hex(of: "Test Using Larger Than Block-Size Key - Hash Key First"))")

// The YAML alias bound in a build that links no system library (as on macOS and iOS): an alias bomb of
// 10^10 nodes, its last level used as a mapping key, is refused before Yams composes it (a key is hashed whole).
var bomb = "x-0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
for level in 1...9 { bomb += "x-\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]\n" }
bomb += "x-keys:\n  ? *l9\n  : 1\napps: {}\n"
do {
    _ = try ConfigurationLoader(registry: StandardProviders.registry).load(yaml: bomb, file: "bomb.yaml")
    print("alias bomb: accepted")
} catch {
    print("alias bomb: \(error.diagnostics.map(\.message).joined(separator: " "))")
}
