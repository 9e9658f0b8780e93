/// Member names a parse recognizes without decoding them: a JWT's header and claim names.
///
/// A member name whose bytes equal one of the table's names (plain ASCII, no escapes, at most 15
/// bytes) comes back as the table's own string, and duplicates among such names are found with a
/// bit per name instead of string comparisons. The table knows no vendor: the JWT layer supplies
/// the registered JOSE and JWT names (``jwtRegistered``), and an adapter adds the claim names its
/// tokens carry (`HS256Signer(secret:keyID:type:claimNames:)`).
///
/// Threshold (`identity-bench --profile floor.decode`, `support.verify`, `chat.verify`, 2026-11-25,
/// 2-core VM, five alternating runs): without the table the Support JWT decode ran at 0.80x and the
/// Chat and Support verify paths at 0.76x and 0.85x of their rate with it, well past the 5% a
/// hand-tuned piece must pay. Measure again before changing it; remove it if it pays less than 5%.
package final class JSONKeyTable: @unchecked Sendable {
    /// The names of the JOSE header (`alg`, `typ`, `cty`, `kid`; RFC 7515) and the registered JWT
    /// claims (`iss`, `sub`, `aud`, `exp`, `nbf`, `iat`, `jti`; RFC 7519 §4.1).
    package static let jwtRegistered = JSONKeyTable(["alg", "typ", "kid", "cty", "iss", "sub", "aud", "exp", "nbf", "iat", "jti"])

    /// At most this many names (one bit each in the duplicate check).
    package static let capacity = 32

    /// A name packed into two little-endian words (zero padded) plus its length; `index` is its
    /// position in `names`.
    struct PackedKey {
        var length: Int
        var low: UInt64
        var high: UInt64
        var index: Int
    }

    /// The names, in order; a parse returns these strings.
    let names: [String]
    let multiplier: UInt64
    /// 64 slots holding the packed names without collision (length -1: empty), allocated once and
    /// read-only after init (a raw pointer: a lookup is one load, no array access).
    let slots: UnsafeMutablePointer<PackedKey>

    /// A table of `names` (duplicates, names that are not plain ASCII of 1 to 15 bytes, and names
    /// past ``capacity`` are left out).
    package init(_ names: [String]) {
        var kept: [String] = []
        for name in names where !kept.contains(name) && kept.count < Self.capacity {
            let utf8 = Array(name.utf8)
            guard (1...15).contains(utf8.count), utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C }) else { continue }
            kept.append(name)
        }
        let keys = kept.enumerated().map { index, key in
            var packed = PackedKey(length: key.utf8.count, low: 0, high: 0, index: index)
            for (j, byte) in key.utf8.enumerated() {
                if j < 8 { packed.low |= UInt64(byte) << UInt64(8 * j) } else { packed.high |= UInt64(byte) << UInt64(8 * (j - 8)) }
            }
            return packed
        }
        // Odd multipliers from a fixed sequence until one places every name in its own slot; past
        // a bounded number of tries, names that still collide are left out (only slower, never wrong).
        let empty = PackedKey(length: -1, low: 0, high: 0, index: -1)
        var multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var slots = [PackedKey](repeating: empty, count: 64)
        for attempt in 0..<100_000 {
            slots = [PackedKey](repeating: empty, count: 64)
            var collision = false
            for key in keys {
                let slot = Self.slot(low: key.low, high: key.high, length: key.length, multiplier: multiplier)
                guard slots[slot].length < 0 else {
                    collision = true
                    continue
                }
                slots[slot] = key
            }
            if !collision || attempt == 99_999 { break }
            multiplier = (multiplier &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407) | 1
        }
        self.names = kept
        self.multiplier = multiplier
        self.slots = UnsafeMutablePointer<PackedKey>.allocate(capacity: 64)
        self.slots.initialize(from: slots, count: 64)
    }

    deinit { slots.deallocate() }

    /// A table of the registered JWT names plus `names`.
    package static func jwt(adding names: [String]) -> JSONKeyTable {
        names.isEmpty ? jwtRegistered : JSONKeyTable(jwtRegistered.names + names)
    }

    @inline(__always)
    static func slot(low: UInt64, high: UInt64, length: Int, multiplier: UInt64) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high &* 0x100_0000_01B3) ^ UInt64(truncatingIfNeeded: length)) &* multiplier) >> 58)
    }

    /// The index in `names` of the name packed as (`low`, `high`, `length`), or -1.
    @inline(__always)
    func index(low: UInt64, high: UInt64, length: Int) -> Int {
        let entry = slots[Self.slot(low: low, high: high, length: length, multiplier: multiplier)]
        return entry.length == length && entry.low == low && entry.high == high ? entry.index : -1
    }
}
