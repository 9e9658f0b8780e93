import IdentityBridge
import Yams

/// References an expect step makes to other steps, checked once every step is read.
struct StepReference {
    var from: Int
    var to: Int
    var node: Node
}

extension ParseContext {
    func readExpect(_ node: Node, number: Int) -> ScenarioAction? {
        guard let mapping = node.mapping, !mapping.isEmpty else {
            report(
                "'expect' takes a mapping such as { event: login_succeeded } or { users: 2 } (known: \(ScenarioParser.expectationKeywords.joined(separator: ", "))).",
                at: node)
            return nil
        }
        let pairs = pairs(node, allowed: ScenarioParser.expectationKeywords, what: "'expect'")
        var expectations: [ScenarioExpectation] = []
        let dataNode = pairs.first { $0.key == "data" }
        if let dataNode, !pairs.contains(where: { $0.key == "event" }) {
            report("'data' belongs to an 'event' expectation ({ event: NAME, data: {...} }).", at: dataNode.keyNode)
        }
        for pair in pairs {
            switch pair.key {
            case "event":
                guard let name = eventName(pair.value) else { continue }
                var data: JSONValue?
                if let dataNode {
                    data = json(dataNode.value)
                    if data == nil { continue }
                }
                expectations.append(.event(name, data: data))
                needsPreviousStep(number, pair.keyNode)
            case "no_event":
                guard let name = eventName(pair.value) else { continue }
                expectations.append(.noEvent(name))
                needsPreviousStep(number, pair.keyNode)
            case "events":
                guard case .sequence(let sequence) = pair.value, !sequence.isEmpty else {
                    report("'events' must be a non-empty list of event names, in the order they must be emitted.", at: pair.value)
                    continue
                }
                let names = sequence.compactMap { eventName($0) }
                if names.count == sequence.count { expectations.append(.events(names)) }
                needsPreviousStep(number, pair.keyNode)
            case "error":
                if let expectation = readError(pair.value) { expectations.append(expectation) }
                needsPreviousStep(number, pair.keyNode)
            case "no_error":
                guard bool(pair.value, what: "'no_error'") == true else {
                    if pair.value.bool == false { report("'no_error' only takes true.", at: pair.value) }
                    continue
                }
                expectations.append(.noError)
                needsPreviousStep(number, pair.keyNode)
            case "user":
                if let user = readUser(pair.value, number: number) { expectations.append(.user(user)) }
            case "users":
                if let count = count(pair.value, what: "'users'") { expectations.append(.users(count)) }
            case "conversations":
                if let count = count(pair.value, what: "'conversations'") { expectations.append(.conversations(count)) }
            default:
                break
            }
        }
        return expectations.isEmpty ? nil : .expect(expectations)
    }

    private func eventName(_ node: Node) -> IdentityEvent.Name? {
        guard let text = string(node, what: "an event name") else { return nil }
        let name = IdentityEvent.Name(rawValue: text)
        guard IdentityEvent.Name.all.contains(name) else {
            report(
                "unknown event \(ConfigDiagnostic.quoted(text)) (uniform events: \(IdentityEvent.Name.all.map(\.rawValue).joined(separator: ", "))).",
                at: node)
            return nil
        }
        return name
    }

    private func errorCode(_ node: Node) -> IdentityError.Code? {
        guard let text = string(node, what: "an error code") else { return nil }
        let code = IdentityError.Code(rawValue: text)
        guard IdentityError.Code.all.contains(code) else {
            report(
                "unknown error code \(ConfigDiagnostic.quoted(text)) (uniform codes: \(IdentityError.Code.all.map(\.rawValue).joined(separator: ", "))).",
                at: node
            )
            return nil
        }
        return code
    }

    private func readError(_ node: Node) -> ScenarioExpectation? {
        if node.mapping == nil { return errorCode(node).map { .error($0, vendorCode: nil) } }
        let pairs = pairs(node, allowed: ["code", "vendor_code"], what: "'error'")
        guard let codeNode = pairs.first(where: { $0.key == "code" }) else {
            report("'error' needs 'code' ({ code: token_expired, vendor_code: expiredJWT }).", at: node)
            return nil
        }
        guard let code = errorCode(codeNode.value) else { return nil }
        let vendorCode = pairs.first { $0.key == "vendor_code" }.flatMap { string($0.value, what: "'vendor_code'") }
        return .error(code, vendorCode: vendorCode)
    }

    private func readUser(_ node: Node, number: Int) -> ScenarioUserExpectation? {
        guard let mapping = node.mapping, !mapping.isEmpty else {
            report("'user' takes a mapping such as { same_as_step: 1 } or { anonymous: true }.", at: node)
            return nil
        }
        let allowed = ["same_as_step", "different_from_step", "anonymous", "authenticated", "none", "email", "external_id", "name"]
        var user = ScenarioUserExpectation()
        var any = false
        for pair in pairs(node, allowed: allowed, what: "'user'") {
            switch pair.key {
            case "same_as_step", "different_from_step":
                guard let target = count(pair.value, what: "'\(pair.key)'") else { continue }
                references.append(StepReference(from: number, to: target, node: pair.value))
                if pair.key == "same_as_step" { user.sameAsStep = target } else { user.differentFromStep = target }
            case "anonymous": user.anonymous = bool(pair.value, what: "'anonymous'")
            case "authenticated": user.authenticated = bool(pair.value, what: "'authenticated'")
            case "none": user.none = bool(pair.value, what: "'none'")
            case "email": user.email = optionalString(pair.value, what: "'email'")
            case "external_id": user.externalId = optionalString(pair.value, what: "'external_id'")
            case "name": user.name = optionalString(pair.value, what: "'name'")
            default: continue
            }
            any = true
        }
        return any ? user : nil
    }

    private func needsPreviousStep(_ number: Int, _ node: Node) {
        previousStepNeeds.append(StepReference(from: number, to: number, node: node))
    }

    /// Checks `same_as_step` / `different_from_step` point at earlier non-expect steps, and that
    /// expectations about "the previous step" have one.
    func validateReferences(_ steps: [ScenarioStep]) {
        let kinds = Dictionary(steps.map { ($0.number, $0.action.keyword) }, uniquingKeysWith: { first, _ in first })
        for reference in references {
            if reference.to < 1 || reference.to >= reference.from {
                report(
                    "step \(reference.from) refers to step \(reference.to); it must name an earlier step (1...\(reference.from - 1)).",
                    at: reference.node)
            } else if kinds[reference.to] == "expect" {
                report(
                    "step \(reference.from) refers to step \(reference.to), an 'expect' step; name the step that changed the user.",
                    at: reference.node)
            }
        }
        for need in previousStepNeeds {
            let hasAction = steps.contains { $0.number < need.from && $0.action.keyword != "expect" }
            if !hasAction {
                report("step \(need.from) expects something of the previous step, but no step before it does anything.", at: need.node)
            }
        }
    }
}
