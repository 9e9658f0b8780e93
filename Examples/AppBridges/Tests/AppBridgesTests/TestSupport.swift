import Foundation
import Synchronization

/// A compact JWT with `claims` and a signature no one checks: the stand-ins read the payload only (the vendors'
/// backends verify signatures; the token service's tests cover signing).
func unsignedJWT(_ claims: [String: Any]) -> String {
    func part(_ object: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    return part(["alg": "HS256", "typ": "JWT"]) + "." + part(claims) + ".c2lnbmF0dXJl"
}

/// Now, in whole seconds since 1970.
var now: Int { Int(Date().timeIntervalSince1970) }

/// Counts the calls of a credential source.
final class Counter: Sendable {
    private let count = Mutex(0)
    /// The calls so far.
    var value: Int { count.withLock { $0 } }
    /// Counts one call and returns how many came before it.
    func next() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}
