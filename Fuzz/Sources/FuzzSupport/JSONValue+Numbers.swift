public import IdentityBridge

extension JSONValue {
    /// The value with every number that is a whole Int64 written as an integer: JSON has one number
    /// type, so `1.0` written back as `1` (and read as `.int(1)`) is the same value.
    public var numbersNormalized: JSONValue {
        switch self {
        case .double(let double):
            if double.rounded() == double, let int = Int64(exactly: double) { return .int(int) }
            return self
        case .array(let values): return .array(values.map(\.numbersNormalized))
        case .object(let members): return .object(members.mapValues(\.numbersNormalized))
        default: return self
        }
    }
}
