import IdentityBridge

/// A text the secret scan reads, with where it came from.
struct ScannedText: Sendable {
    var context: String
    var text: String
}

/// What one provider operation did: its result and the events it emitted.
struct ProbedCall<Value> {
    var label: String
    var result: Result<Value, IdentityError>
    var events: [IdentityEvent]

    var value: Value? { if case .success(let value) = result { return value } else { return nil } }
    var error: IdentityError? { if case .failure(let error) = result { return error } else { return nil } }
    var names: [IdentityEvent.Name] { events.map(\.name) }
}

/// Runs one check's operations against a subject, validating every event and error on the way
/// and collecting findings and texts for the secret scan.
final class ConformanceProbe {
    let check: ConformanceCheck
    let subject: ConformanceSubject
    private let recorder = EventRecorder()
    private(set) var findings: [ConformanceFinding] = []
    private(set) var texts: [ScannedText] = []

    init(check: ConformanceCheck, subject: ConformanceSubject) {
        self.check = check
        self.subject = subject
        recorder.record(subject.provider.eventHub)
    }

    var provider: any IdentityProvider { subject.provider }
    var reference: ProviderReference { subject.provider.reference }

    /// Records a finding.
    func fail(_ message: String) {
        findings.append(ConformanceFinding(check: check, provider: reference, message: message))
    }

    /// Adds a text for the secret scan.
    func scan(_ context: String, _ text: String) {
        texts.append(ScannedText(context: "\(context) (check \(check))", text: text))
    }

    /// Runs `operation`, checks that every event it emitted names this provider and carries the
    /// clock's time, and that an error it threw names this provider (`attributed`).
    func call<Value>(
        _ label: String, attributed: Bool = true, _ operation: () async throws(IdentityError) -> Value
    ) async -> ProbedCall<Value> {
        _ = recorder.drain()
        let time = subject.clock.now()
        let result: Result<Value, IdentityError>
        do throws(IdentityError) {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        let events = recorder.drain()
        for event in events {
            scan("event \(event.name) emitted by \(label)", event.json.jsonString + "\n" + event.description)
            if event.provider != reference {
                fail("\(label) emitted \(event.name) naming provider \(event.provider); expected \(reference)")
            }
            if event.timestamp != time {
                fail(
                    "\(label) emitted \(event.name) stamped \(event.timestamp.timeIntervalSince1970), not the injected clock's \(time.timeIntervalSince1970)"
                )
            }
        }
        switch result {
        case .success(let value):
            scan("the value returned by \(label)", String(describing: value) + "\n" + String(reflecting: value))
        case .failure(let error):
            scan("the error thrown by \(label)", error.description + "\n" + error.json.jsonString + "\n" + String(reflecting: error))
            if attributed, error.provider != reference {
                fail("\(label) threw \(error.code) naming provider \(error.provider.map(\.description) ?? "none"); expected \(reference)")
            }
        }
        return ProbedCall(label: label, result: result, events: events)
    }

    /// The current user, recorded for the secret scan.
    func currentUser(_ when: String) async -> ProviderUser? {
        let user = await provider.currentUser()
        if let user { scan("currentUser() \(when)", user.json.jsonString + "\n" + String(reflecting: user)) }
        return user
    }

    // MARK: Expectations

    /// The value, or a finding naming the error.
    func success<Value>(_ call: ProbedCall<Value>) -> Value? {
        switch call.result {
        case .success(let value): return value
        case .failure(let error):
            fail("\(call.label) failed: \(error.code)\(error.vendorCode.map { " [\($0)]" } ?? ""): \(error.message)")
            return nil
        }
    }

    /// A finding unless the call threw `code`.
    @discardableResult
    func expectError<Value>(_ call: ProbedCall<Value>, _ code: IdentityError.Code) -> Bool {
        switch call.result {
        case .success:
            fail("\(call.label) succeeded; expected it to fail with \(code)")
            return false
        case .failure(let error) where error.code != code:
            fail("\(call.label) failed with \(error.code)\(error.vendorCode.map { " [\($0)]" } ?? "") (\(error.message)); expected \(code)")
            return false
        case .failure:
            return true
        }
    }

    /// A finding unless `name` was emitted exactly once.
    func expectOnce<Value>(_ name: IdentityEvent.Name, in call: ProbedCall<Value>) {
        let count = call.names.filter { $0 == name }.count
        if count != 1 {
            fail("\(call.label) emitted \(name) \(count) time(s); expected exactly once (events: \(describe(call.names)))")
        }
    }

    /// A finding for each of `names` that was emitted.
    func expectNone<Value>(_ names: [IdentityEvent.Name], in call: ProbedCall<Value>) {
        for name in names where call.names.contains(name) {
            fail("\(call.label) emitted \(name), which it must not (events: \(describe(call.names)))")
        }
    }

    /// A finding unless `call` followed `row` of the failure taxonomy: its events of
    /// ``FailureTaxonomy/rowEvents`` are the row's, in order, it threw the row's code (or `code`, where the row's
    /// is the cause's own), and every `login_failed` / `authentication_failed` / `logout_failed` carries it.
    func expectRow<Value>(_ row: FailureTaxonomy, _ call: ProbedCall<Value>, code: IdentityError.Code? = nil) {
        let emitted = call.names.filter { FailureTaxonomy.rowEvents.contains($0) }
        if emitted != row.events {
            fail(
                "\(call.label) broke the failure table's row \(row): emitted [\(describe(emitted))]; the row is [\(describe(row.events))] (all events: \(describe(call.names)))"
            )
        }
        if let expected = row.code ?? code {
            expectError(call, expected)
        } else if call.error == nil {
            fail("\(call.label) succeeded; row \(row) fails")
        }
        guard let thrown = call.error else { return }
        for event in call.events where [.loginFailed, .authenticationFailed, .logoutFailed].contains(event.name) {
            if event.error?.code != thrown.code {
                fail(
                    "\(call.label) threw \(thrown.code) but emitted \(event.name) carrying \(event.error.map { $0.code.rawValue } ?? "no error")"
                )
            }
        }
    }

    /// A finding unless `user` is the logged-in `identity`.
    func expectUser(_ user: ProviderUser, is identity: UserIdentity, _ what: String) {
        if user.isAnonymous { fail("\(what) is anonymous; expected the logged-in user \(identity.userId ?? identity.email ?? "?")") }
        if let userId = identity.userId, user.externalId != userId {
            fail("\(what) has external id \(user.externalId.map { "\"\($0)\"" } ?? "nil"); expected \"\(userId)\"")
        }
        if let email = identity.email, let held = user.email, held.lowercased() != email.lowercased() {
            fail("\(what) has email \"\(held)\"; expected \"\(email)\"")
        }
    }

    private func describe(_ names: [IdentityEvent.Name]) -> String {
        names.isEmpty ? "none" : names.map(\.rawValue).joined(separator: ", ")
    }
}
