import IdentityBridge
import Yams

extension ParseContext {
    static let rootKeys = ["name", "description", "app", "provider", "start", "steps"]

    func readScenario(_ root: Node) -> Scenario? {
        let pairs = pairs(root, allowed: Self.rootKeys, what: "the scenario")
        func value(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }

        let defaultName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let name = value("name").flatMap { string($0, what: "'name'") } ?? defaultName
        if let description = value("description") { _ = string(description, what: "'description'", allowEmpty: true) }

        var app: String?
        if let node = value("app") {
            app = string(node, what: "'app'")
        } else {
            report("the scenario has no 'app:' (the configured app it runs against).", at: root)
        }

        var providers: [String]?
        if let node = value("provider") {
            switch node {
            case .sequence(let sequence):
                if sequence.isEmpty { report("'provider' lists no providers.", at: node) }
                providers = sequence.compactMap { string($0, what: "each entry of 'provider'") }
            default:
                providers = string(node, what: "'provider'").map { [$0] }
            }
        }

        var start = ConformanceSubject.defaultStart
        if let node = value("start") {
            if let date = startDate(node) {
                start = date
            } else {
                report("'start' must be an ISO 8601 UTC time such as 2026-01-01T00:00:00Z, or Unix seconds.", at: node)
            }
        }

        var steps: [ScenarioStep] = []
        if let node = value("steps") {
            if case .sequence(let sequence) = node, !sequence.isEmpty {
                for (index, element) in sequence.enumerated() {
                    if let step = readStep(element, number: index + 1) { steps.append(step) }
                }
                validateReferences(steps)
            } else {
                report("'steps' must be a non-empty list of steps.", at: node)
            }
        } else {
            report("the scenario has no 'steps:' list.", at: root)
        }
        guard let app else { return nil }
        return Scenario(
            name: name, app: app, providers: providers, start: start, steps: steps, file: file,
            providerLocation: location(value("provider") ?? root), appLocation: location(value("app") ?? root))
    }

    private func startDate(_ node: Node) -> Date? {
        guard case .scalar = node, let text = node.string else { return nil }
        if let seconds = Int64(text) { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    private func readStep(_ node: Node, number: Int) -> ScenarioStep? {
        guard let mapping = node.mapping, mapping.count == 1, let (keyNode, value) = mapping.first.map({ ($0.key, $0.value) }) else {
            report("step \(number) must be a mapping with exactly one of: \(ParserKeywords.steps).", at: node)
            return nil
        }
        guard let keyword = keyNode.string, ScenarioParser.stepKeywords.contains(keyword) else {
            report(
                "unknown step \(ConfigDiagnostic.quoted(keyNode.string ?? "?")) at step \(number) (known: \(ParserKeywords.steps)).",
                at: keyNode)
            return nil
        }
        let action: ScenarioAction?
        switch keyword {
        case "login": action = readLogin(value)
        case "client_login": action = readClientLogin(value)
        case "logout":
            noArguments(value, keyword: keyword)
            action = .logout
        case "reset_identity":
            noArguments(value, keyword: keyword)
            action = .resetIdentity
        case "foreground":
            noArguments(value, keyword: keyword)
            action = .foreground
        case "advance": action = duration(value, what: "'advance'").map { .advance(seconds: $0) }
        case "set": action = readSet(value)
        case "send_message": action = readSendMessage(value)
        case "vendor_event": action = readVendorEvent(value)
        default: action = readExpect(value, number: number)
        }
        return action.map { ScenarioStep(number: number, location: location(keyNode), action: $0) }
    }

    private func readLogin(_ node: Node) -> ScenarioAction? {
        guard node.mapping != nil else {
            report("'login' takes a mapping: { user_id, email, name } or { credential: {...} }.", at: node)
            return nil
        }
        let pairs = pairs(node, allowed: ["user_id", "email", "name", "metadata", "issued_ago", "forge", "credential"], what: "'login'")
        if let credential = pairs.first(where: { $0.key == "credential" }) {
            if pairs.count > 1 {
                report(
                    "'login' takes either 'credential' or a neutral identity (user_id, email, name, ...), not both.", at: credential.keyNode
                )
            }
            guard credential.value.mapping != nil, case .object(let fields)? = json(credential.value) else {
                report("'credential' must be a mapping of the vendor credential's fields, e.g. { jwt: \"eyJ...\" }.", at: credential.value)
                return nil
            }
            return .loginCredential(fields)
        }
        var user = UserIdentity()
        var login = ScenarioLogin(user: user)
        for pair in pairs where !readIdentityField(pair, into: &user) {
            switch pair.key {
            case "metadata":
                guard case .object(let object)? = json(pair.value), object.values.allSatisfy({ $0.stringValue != nil }) else {
                    report("'metadata' must be a mapping of strings.", at: pair.value)
                    continue
                }
                user.metadata = object.compactMapValues(\.stringValue)
            case "issued_ago": login.issuedAgo = duration(pair.value, what: "'issued_ago'")
            case "forge":
                guard case .scalar = pair.value, pair.value.string == "signature" else {
                    report("'forge' must be 'signature' (the credential's signature is replaced by one under another key).", at: pair.value)
                    continue
                }
                login.forge = true
            default: break
            }
        }
        login.user = user
        return .login(login)
    }

    private func readClientLogin(_ node: Node) -> ScenarioAction? {
        guard node.mapping != nil else {
            report("'client_login' takes a mapping: { user_id, email, name }.", at: node)
            return nil
        }
        var user = UserIdentity()
        for pair in pairs(node, allowed: ["user_id", "email", "name"], what: "'client_login'") {
            readIdentityField(pair, into: &user)
        }
        return .clientLogin(user)
    }

    /// Reads `user_id`, `email` or `name` (the neutral identity of `login` and `client_login`) into
    /// `user`; false for any other key.
    @discardableResult
    private func readIdentityField(_ pair: (key: String, keyNode: Node, value: Node), into user: inout UserIdentity) -> Bool {
        switch pair.key {
        case "user_id": user.userId = string(pair.value, what: "'user_id'", allowEmpty: true)
        case "email": user.email = string(pair.value, what: "'email'", allowEmpty: true)
        case "name": user.name = string(pair.value, what: "'name'", allowEmpty: true)
        default: return false
        }
        return true
    }

    private func readSet(_ node: Node) -> ScenarioAction? {
        guard let mapping = node.mapping, !mapping.isEmpty else {
            report("'set' takes a non-empty mapping of option names to values, e.g. { clear_anonymous_user_on_login: true }.", at: node)
            return nil
        }
        var options: [ScenarioOption] = []
        for pair in pairs(node, allowed: [], what: "'set'") {
            guard let value = json(pair.value) else { continue }
            options.append(ScenarioOption(key: pair.key, value: value))
        }
        return .set(options)
    }

    private func readSendMessage(_ node: Node) -> ScenarioAction? {
        if case .scalar = node, !isNull(node) { return string(node, what: "'send_message'").map { .sendMessage($0) } }
        guard node.mapping != nil else {
            report("'send_message' takes { text: ... }.", at: node)
            return nil
        }
        let pairs = pairs(node, allowed: ["text"], what: "'send_message'")
        guard let text = pairs.first(where: { $0.key == "text" }) else {
            report("'send_message' needs 'text'.", at: node)
            return nil
        }
        return string(text.value, what: "'text'").map { .sendMessage($0) }
    }

    private func readVendorEvent(_ node: Node) -> ScenarioAction? {
        guard node.mapping != nil else {
            report("'vendor_event' takes { name: VENDOR_EVENT_NAME, data: {...} }.", at: node)
            return nil
        }
        let pairs = pairs(node, allowed: ["name", "data"], what: "'vendor_event'")
        guard let nameNode = pairs.first(where: { $0.key == "name" }) else {
            report("'vendor_event' needs 'name' (the vendor's event name).", at: node)
            return nil
        }
        guard let name = string(nameNode.value, what: "'name'") else { return nil }
        var data: JSONValue = .object([:])
        if let dataNode = pairs.first(where: { $0.key == "data" }) {
            guard let value = json(dataNode.value) else { return nil }
            data = value
        }
        return .vendorEvent(name: name, data: data)
    }
}

enum ParserKeywords {
    static var steps: String { ScenarioParser.stepKeywords.joined(separator: ", ") }
}
