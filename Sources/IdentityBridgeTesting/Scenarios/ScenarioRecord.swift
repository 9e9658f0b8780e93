public import IdentityBridge

/// One JSON line of a scenario run.
///
/// ```text
/// {"step":2,"type":"event","name":"login_succeeded","provider":"helpshift","data":{...}}
/// {"step":3,"type":"error","code":"token_expired","vendor_code":"expiredJWT","provider":"zendesk-messaging"}
/// {"step":4,"type":"expect","ok":true,"detail":"...","provider":"helpshift"}
/// {"type":"summary","passed":3,"failed":0}
/// ```
public enum ScenarioRecord: Hashable, Sendable {
    /// A uniform event the step emitted.
    case event(step: Int, name: IdentityEvent.Name, provider: String, data: JSONValue)
    /// The step failed (`step` 0: the provider could not be built).
    case error(step: Int, code: IdentityError.Code, vendorCode: String?, provider: String, message: String)
    /// An expectation and whether it held.
    case expect(step: Int, ok: Bool, detail: String, provider: String)
    /// The last line: how many expectations held and how many failed.
    case summary(passed: Int, failed: Int)

    /// The line's fields in output order.
    public var fields: [(key: String, value: JSONValue)] {
        switch self {
        case .event(let step, let name, let provider, let data):
            return [
                ("step", .int(Int64(step))), ("type", "event"), ("name", .string(name.rawValue)), ("provider", .string(provider)),
                ("data", data),
            ]
        case .error(let step, let code, let vendorCode, let provider, let message):
            return [
                ("step", .int(Int64(step))), ("type", "error"), ("code", .string(code.rawValue)),
                ("vendor_code", vendorCode.map(JSONValue.string) ?? .null), ("provider", .string(provider)), ("message", .string(message)),
            ]
        case .expect(let step, let ok, let detail, let provider):
            return [
                ("step", .int(Int64(step))), ("type", "expect"), ("ok", .bool(ok)), ("detail", .string(detail)),
                ("provider", .string(provider)),
            ]
        case .summary(let passed, let failed):
            return [("type", "summary"), ("passed", .int(Int64(passed))), ("failed", .int(Int64(failed)))]
        }
    }

    /// The record as a JSON object.
    public var json: JSONValue { .object(Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })) }

    /// One compact JSON line, keys in the documented order.
    public var line: String {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(field.key, into: &out)
            out.append(UInt8(ascii: ":"))
            field.value.write(into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}

/// The outcome of running a scenario (on one or more providers).
public struct ScenarioResult: Sendable {
    /// Every line, in order; the last is the summary.
    public var records: [ScenarioRecord]
    /// Expectations that held.
    public var passed: Int
    /// Expectations that failed.
    public var failed: Int

    /// `identityctl run`'s exit status: 0 when every expectation held, 1 otherwise.
    package var exitCode: Int32 { failed == 0 ? 0 : 1 }

    /// The failed expectations' lines.
    public var failures: [ScenarioRecord] {
        records.filter { if case .expect(_, false, _, _) = $0 { return true } else { return false } }
    }

    /// Every line as text.
    public var lines: [String] { records.map(\.line) }
}
