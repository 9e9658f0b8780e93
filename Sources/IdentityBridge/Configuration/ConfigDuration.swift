/// A duration written as seconds (`300`) or with a unit (`90s`, `5m`, `1h`, `2d`).
public struct ConfigDuration: Hashable, Sendable {
    /// The duration in whole seconds.
    public var seconds: Int64
    /// Creates a duration.
    public init(seconds: Int64) { self.seconds = seconds }

    /// Parses `300`, `90s`, `5m`, `1h` or `2d`; `nil` when not a duration.
    public static func parse(_ text: String) -> ConfigDuration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last else { return nil }
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let unit = units[last], let value = Int64(trimmed.dropLast()), value >= 0 {
            let (product, overflow) = value.multipliedReportingOverflow(by: unit)
            return overflow ? nil : ConfigDuration(seconds: product)
        }
        if let value = Int64(trimmed), value >= 0 { return ConfigDuration(seconds: value) }
        return nil
    }

    /// `5m`, `1h`, `90s`: the shortest exact spelling.
    public var description: String {
        if seconds > 0, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds > 0, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
