package import IdentityBridge

/// Finds the `Secret` values held by a plugin's settings, so the conformance kit can scan for
/// them without being told (`ConformanceSubject.simulated` fills ``ConformanceSubject/secrets``).
package enum SecretDiscovery {
    /// Every non-empty secret reachable from `value` through stored properties, optionals,
    /// arrays, dictionaries and enum payloads (at most `depth` levels deep).
    package static func secrets(in value: Any, depth: Int = 8) -> [Secret] {
        var found: [Secret] = []
        collect(value, depth: depth, into: &found)
        var unique: [Secret] = []
        for secret in found where !secret.isEmpty && !unique.contains(secret) { unique.append(secret) }
        return unique
    }

    private static func collect(_ value: Any, depth: Int, into found: inout [Secret]) {
        if let secret = value as? Secret {
            found.append(secret)
            return
        }
        guard depth > 0 else { return }
        for child in Mirror(reflecting: value).children {
            collect(child.value, depth: depth - 1, into: &found)
        }
    }
}
