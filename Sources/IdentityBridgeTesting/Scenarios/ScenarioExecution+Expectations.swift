import IdentityBridge

extension ScenarioExecution.State {
    /// Whether `expectation` holds, and a one-line detail saying what was seen.
    func evaluate(_ expectation: ScenarioExpectation) async -> (Bool, String) {
        switch expectation {
        case .event(let name, let data):
            guard let last else { return (false, "no step ran before this expectation") }
            let matching = last.events.filter { $0.name == name }
            guard !matching.isEmpty else {
                return (false, "step \(last.step) (\(last.keyword)) did not emit \(name); it emitted \(describe(last))")
            }
            guard let data else { return (true, "step \(last.step) emitted \(name)") }
            if matching.contains(where: { JSONSubset.contains(data, in: $0.payload.json) }) {
                return (true, "step \(last.step) emitted \(name) with data matching \(data.jsonString)")
            }
            return (
                false,
                "step \(last.step) emitted \(name) but its data \(matching.map { $0.payload.json.jsonString }.joined(separator: " / ")) does not contain \(data.jsonString)"
            )
        case .noEvent(let name):
            guard let last else { return (false, "no step ran before this expectation") }
            if last.events.contains(where: { $0.name == name }) {
                return (false, "step \(last.step) (\(last.keyword)) emitted \(name)")
            }
            return (true, "step \(last.step) did not emit \(name)")
        case .events(let names):
            guard let last else { return (false, "no step ran before this expectation") }
            var remaining = names[...]
            for event in last.events where event.name == remaining.first { remaining.removeFirst() }
            if remaining.isEmpty { return (true, "step \(last.step) emitted \(names.map(\.rawValue).joined(separator: ", ")) in order") }
            return (
                false,
                "step \(last.step) did not emit \(names.map(\.rawValue).joined(separator: ", ")) in that order; it emitted \(describe(last))"
            )
        case .error(let code, let vendorCode):
            guard let last else { return (false, "no step ran before this expectation") }
            guard let error = last.error else { return (false, "step \(last.step) (\(last.keyword)) succeeded; expected \(code)") }
            if error.code != code {
                return (false, "step \(last.step) failed with \(error.code)\(error.vendorCode.map { " [\($0)]" } ?? ""); expected \(code)")
            }
            if let vendorCode, error.vendorCode != vendorCode {
                return (
                    false, "step \(last.step) failed with \(code) but vendor code \(error.vendorCode ?? "none"); expected \(vendorCode)"
                )
            }
            return (true, "step \(last.step) failed with \(code)\(error.vendorCode.map { " [\($0)]" } ?? "")")
        case .noError:
            guard let last else { return (false, "no step ran before this expectation") }
            if let error = last.error { return (false, "step \(last.step) (\(last.keyword)) failed with \(error.code): \(error.message)") }
            return (true, "step \(last.step) succeeded")
        case .user(let expected):
            return await evaluateUser(expected)
        case .users(let count):
            guard let simulator else { return (false, "\(provider.kind) has no simulator to count users") }
            let actual = await simulator.userCount()
            return (actual == count, "the simulated vendor holds \(actual) user(s); expected \(count)")
        case .conversations(let count):
            guard let simulator else { return (false, "\(provider.kind) has no simulator to count conversations") }
            let actual = await simulator.visibleConversationCount()
            return (actual == count, "\(actual) conversation(s) visible to the current user; expected \(count)")
        }
    }

    private func evaluateUser(_ expected: ScenarioUserExpectation) async -> (Bool, String) {
        let current = await provider.currentUser()
        var problems: [String] = []
        let shown = current.map { $0.json.jsonString } ?? "none"
        if let step = expected.sameAsStep {
            let then = usersAfterStep[step] ?? nil
            if current == nil || then == nil || current?.vendorUserId != then?.vendorUserId {
                problems.append("not the vendor user of step \(step) (\(then.map(\.vendorUserId) ?? "none"))")
            }
        }
        if let step = expected.differentFromStep {
            let then = usersAfterStep[step] ?? nil
            if current?.vendorUserId == then?.vendorUserId {
                problems.append("the same vendor user as step \(step) (\(then.map(\.vendorUserId) ?? "none"))")
            }
        }
        if let anonymous = expected.anonymous {
            let isAnonymous = current?.isAnonymous ?? true
            if isAnonymous != anonymous { problems.append(anonymous ? "not anonymous" : "anonymous") }
        }
        if let authenticated = expected.authenticated, (current?.isAuthenticated ?? false) != authenticated {
            problems.append(authenticated ? "not authenticated" : "authenticated")
        }
        if let none = expected.none, (current == nil) != none {
            problems.append(none ? "a user is present" : "there is no user")
        }
        if let email = expected.email, current?.email?.lowercased() != email?.lowercased() {
            problems.append("email is \(current?.email ?? "none"), expected \(email ?? "none")")
        }
        if let externalId = expected.externalId, current?.externalId != externalId {
            problems.append("external id is \(current?.externalId ?? "none"), expected \(externalId ?? "none")")
        }
        if let name = expected.name, current?.name != name {
            problems.append("name is \(current?.name ?? "none"), expected \(name ?? "none")")
        }
        if problems.isEmpty { return (true, "current user \(shown)") }
        return (false, "current user \(shown): " + problems.joined(separator: "; "))
    }

    private func describe(_ last: ScenarioExecution.LastAction) -> String {
        let names = last.events.map(\.name.rawValue)
        var text = names.isEmpty ? "no events" : names.joined(separator: ", ")
        if let error = last.error { text += " and failed with \(error.code)" }
        return text
    }
}

/// Subset matching for `expect: { event: X, data: {...} }`.
enum JSONSubset {
    /// Whether `expected` is contained in `actual`: objects by key (recursively), arrays element by
    /// element with equal counts, numbers by value, everything else by equality.
    static func contains(_ expected: JSONValue, in actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.object(let want), .object(let have)):
            return want.allSatisfy { key, value in have[key].map { contains(value, in: $0) } ?? false }
        case (.array(let want), .array(let have)):
            return want.count == have.count && zip(want, have).allSatisfy { contains($0, in: $1) }
        case (.int(let a), .double(let b)): return Double(a) == b
        case (.double(let a), .int(let b)): return a == Double(b)
        default: return expected == actual
        }
    }
}
