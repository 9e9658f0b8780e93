public import IdentityBridge

/// One broken expectation, found by one ``ConformanceCheck``.
public struct ConformanceFinding: Hashable, Sendable, CustomStringConvertible {
    /// The check that found it.
    public var check: ConformanceCheck
    /// The provider instance under test.
    public var provider: ProviderReference?
    /// What was expected and what happened instead.
    public var message: String

    /// Creates a finding.
    public init(check: ConformanceCheck, provider: ProviderReference?, message: String) {
        self.check = check
        self.provider = provider
        self.message = message
    }

    /// `[provider] check: message`.
    public var description: String {
        "[\(provider.map(\.description) ?? "?")] \(check.rawValue): \(message)"
    }
}

/// The result of one check.
public struct ConformanceResult: Hashable, Sendable {
    /// The check.
    public var check: ConformanceCheck
    /// How it ended.
    package var outcome: ConformanceOutcome
    /// What it found (empty unless `outcome` is `.failed`).
    package var findings: [ConformanceFinding]
}

/// The result of a conformance run: one entry per check, in ``ConformanceCheck`` order.
///
/// ```swift
/// let report = await ProviderConformance(...).run()
/// #expect(report.findings.isEmpty, "\(report)")
/// ```
public struct ConformanceReport: Hashable, Sendable, CustomStringConvertible {
    /// The provider instance under test (nil when it could not be built).
    public var provider: ProviderReference?
    /// One result per check run.
    package var results: [ConformanceResult]

    /// Every finding, in check order.
    package var findings: [ConformanceFinding] { results.flatMap(\.findings) }
    /// Whether every check passed or was not applicable.
    public var isConforming: Bool { findings.isEmpty }
    /// The checks that passed.
    public var passed: [ConformanceCheck] { results.filter { $0.outcome == .passed }.map(\.check) }
    /// The checks skipped, with the reason.
    public var notApplicable: [(check: ConformanceCheck, reason: String)] {
        results.compactMap { result in
            if case .notApplicable(let reason) = result.outcome { return (result.check, reason) }
            return nil
        }
    }

    /// The result of `check`, if it ran.
    public func result(of check: ConformanceCheck) -> ConformanceResult? { results.first { $0.check == check } }

    /// The report as JSON, for CI logs: `{"provider", "kind", "conforming", "checks": [{"check",
    /// "outcome" (passed | failed | not_applicable), "reason"?, "findings": [...]}]}`.
    public var json: JSONValue {
        let checks: [JSONValue] = results.map { result in
            var object: [String: JSONValue] = [
                "check": .string(result.check.rawValue),
                "findings": .array(result.findings.map { .string($0.message) }),
            ]
            switch result.outcome {
            case .passed: object["outcome"] = "passed"
            case .failed: object["outcome"] = "failed"
            case .notApplicable(let reason):
                object["outcome"] = "not_applicable"
                object["reason"] = .string(reason)
            }
            return .object(object)
        }
        return .object([
            "provider": provider.map { .string($0.name) } ?? .null,
            "kind": provider.map { .string($0.kind.rawValue) } ?? .null,
            "conforming": .bool(isConforming),
            "checks": .array(checks),
        ])
    }

    /// One line per check (`PASS`, `FAIL`, `N/A`) and one indented line per finding.
    public var description: String {
        var lines = ["Conformance of \(provider.map(\.description) ?? "<no provider>"):"]
        for result in results {
            switch result.outcome {
            case .passed: lines.append("  PASS \(result.check)")
            case .failed: lines.append("  FAIL \(result.check)")
            case .notApplicable(let reason): lines.append("  N/A  \(result.check): \(reason)")
            }
            for finding in result.findings { lines.append("       - \(finding.message)") }
        }
        return lines.joined(separator: "\n")
    }
}

/// Thrown by ``ProviderConformance/runTest()`` when a provider breaks the contract.
public struct ConformanceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The full report.
    public var report: ConformanceReport
    /// Creates the failure.
    public init(report: ConformanceReport) { self.report = report }
    /// The report, with every finding.
    public var description: String {
        "\(report.findings.count) conformance finding(s).\n\(report)"
    }
}
