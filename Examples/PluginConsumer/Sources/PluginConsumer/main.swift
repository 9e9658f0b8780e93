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
