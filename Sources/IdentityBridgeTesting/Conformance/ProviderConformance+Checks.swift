import IdentityBridge

extension ProviderConformance {
    func checkLogin(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let user = users.first
        let call = await probe.call("login(\(label(user)))") { () async throws(IdentityError) in try await probe.provider.login(user) }
        guard let session = probe.success(call) else { return .failed }
        probe.expectOnce(.loginSucceeded, in: call)
        probe.expectNone([.loginFailed, .authenticationFailed], in: call)
        if session.provider != probe.reference {
            probe.fail("the session names provider \(session.provider); expected \(probe.reference)")
        }
        probe.expectUser(session.user, is: user, "the session's user")
        if let expiresAt = session.expiresAt, expiresAt <= probe.subject.clock.now() {
            probe.fail(
                "the session expires at \(expiresAt.timeIntervalSince1970), not after the login time \(probe.subject.clock.now().timeIntervalSince1970)"
            )
        }
        if let event = call.events.first(where: { $0.name == .loginSucceeded }), case .user(let reported) = event.payload,
            reported.vendorUserId != session.user.vendorUserId
        {
            probe.fail("login_succeeded reports vendor user \(reported.vendorUserId) but the session holds \(session.user.vendorUserId)")
        }
        guard let current = await probe.currentUser("after login") else {
            probe.fail("currentUser() is nil after a successful login")
            return .failed
        }
        if current.vendorUserId != session.user.vendorUserId {
            probe.fail("currentUser() is vendor user \(current.vendorUserId) after login; the session holds \(session.user.vendorUserId)")
        }
        probe.expectUser(current, is: user, "currentUser() after login")
        return .passed
    }

    func checkCredentialLogin(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let user = users.first
        let issued = await probe.call("credential(for: \(label(user)))", attributed: false) { () throws(IdentityError) in
            try probe.provider.credential(for: user)
        }
        guard let credential = probe.success(issued) else { return .failed }
        if credential.fields.isEmpty { probe.fail("the issued credential has no fields") }
        let call = await probe.call("login(credential:) with the issuer's credential") { () async throws(IdentityError) in
            try await probe.provider.login(credential: credential)
        }
        guard let session = probe.success(call) else { return .failed }
        probe.expectOnce(.loginSucceeded, in: call)
        probe.expectNone([.loginFailed, .authenticationFailed], in: call)
        probe.expectUser(session.user, is: user, "the session's user")
        if let current = await probe.currentUser("after login(credential:)"), current.vendorUserId != session.user.vendorUserId {
            probe.fail(
                "currentUser() is vendor user \(current.vendorUserId) after login(credential:); the session holds \(session.user.vendorUserId)"
            )
        }
        return .passed
    }

    func checkRelogin(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let (first, second) = (users.first, users.second)
        let firstCall = await probe.call("login(\(label(first)))") { () async throws(IdentityError) in try await probe.provider.login(first)
        }
        guard let firstSession = probe.success(firstCall) else { return .failed }
        let sentMessage = await sendMessageIfSupported(probe, as: first)
        let secondCall = await probe.call("login(\(label(second))) while \(label(first)) is logged in") { () async throws(IdentityError) in
            try await probe.provider.login(second)
        }
        guard let secondSession = probe.success(secondCall) else { return .failed }
        probe.expectOnce(.loginSucceeded, in: secondCall)
        probe.expectNone([.loginFailed, .authenticationFailed], in: secondCall)
        if let succeeded = secondCall.names.firstIndex(of: .loginSucceeded),
            let loggedOut = secondCall.names.lastIndex(of: .loggedOut), loggedOut > succeeded
        {
            probe.fail("\(secondCall.label) emitted logged_out after login_succeeded; the previous user leaves first")
        }
        if secondSession.user.vendorUserId == firstSession.user.vendorUserId {
            probe.fail("\(label(second)) was logged in as the same vendor user (\(firstSession.user.vendorUserId)) as \(label(first))")
        }
        probe.expectUser(secondSession.user, is: second, "the second session's user")
        let current = await probe.currentUser("after the second login")
        if let current {
            if current.vendorUserId != secondSession.user.vendorUserId {
                probe.fail(
                    "currentUser() is vendor user \(current.vendorUserId) after the second login; expected \(secondSession.user.vendorUserId)"
                )
            }
            if let email = first.email, current.email?.lowercased() == email.lowercased() {
                probe.fail("currentUser() still holds the previous user's email after logging in \(label(second))")
            }
        } else {
            probe.fail("currentUser() is nil after logging in \(label(second))")
        }
        if sentMessage, let simulator = probe.subject.simulator {
            let visible = await simulator.visibleConversationCount()
            if visible != 0 {
                probe.fail("after logging in \(label(second)), \(visible) conversation(s) of \(label(first)) are still visible; expected 0")
            }
        }
        return .passed
    }

    func checkSameUser(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let (first, second) = (users.first, users.second)
        let firstCall = await probe.call("login(\(label(first)))") { () async throws(IdentityError) in try await probe.provider.login(first)
        }
        guard let firstSession = probe.success(firstCall) else { return .failed }
        if probe.provider.capabilities.contains(.logout) {
            let logout = await probe.call("logout()") { () async throws(IdentityError) in try await probe.provider.logout() }
            guard probe.success(logout) != nil else { return .failed }
        } else {
            let other = await probe.call("login(\(label(second)))") { () async throws(IdentityError) in
                try await probe.provider.login(second)
            }
            guard probe.success(other) != nil else { return .failed }
        }
        let again = await probe.call("login(\(label(first))) again") { () async throws(IdentityError) in
            try await probe.provider.login(first)
        }
        guard let againSession = probe.success(again) else { return .failed }
        probe.expectOnce(.loginSucceeded, in: again)
        if againSession.user.vendorUserId != firstSession.user.vendorUserId {
            probe.fail(
                "logging \(label(first)) in again reached vendor user \(againSession.user.vendorUserId), not \(firstSession.user.vendorUserId) as the first time"
            )
        }
        probe.expectUser(againSession.user, is: first, "the session's user after logging in again")
        return .passed
    }

    func checkLogout(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let first = users.first
        let login = await probe.call("login(\(label(first)))") { () async throws(IdentityError) in try await probe.provider.login(first) }
        guard let session = probe.success(login) else { return .failed }
        guard probe.provider.capabilities.contains(.logout) else {
            let logout = await probe.call("logout() without the .logout capability") { () async throws(IdentityError) in
                try await probe.provider.logout()
            }
            probe.expectError(logout, .unsupportedOperation)
            probe.expectNone([.loggedOut], in: logout)
            let current = await probe.currentUser("after an unsupported logout")
            if current?.vendorUserId != session.user.vendorUserId {
                probe.fail("an unsupported logout() changed the current user")
            }
            return .passed
        }
        let sentMessage = await sendMessageIfSupported(probe, as: first)
        let logout = await probe.call("logout()") { () async throws(IdentityError) in try await probe.provider.logout() }
        guard probe.success(logout) != nil else { return .failed }
        probe.expectOnce(.loggedOut, in: logout)
        probe.expectNone([.loginSucceeded, .loginFailed], in: logout)
        if let current = await probe.currentUser("after logout") {
            if !current.isAnonymous || current.vendorUserId == session.user.vendorUserId {
                probe.fail(
                    "after logout() the vendor still reports \(current.isAnonymous ? "the same vendor user" : "a logged-in user") (\(current.vendorUserId)); expected none or a new anonymous user"
                )
            }
            if let email = first.email, current.email?.lowercased() == email.lowercased() {
                probe.fail("after logout() the current user still holds the logged-out user's email")
            }
        }
        if sentMessage, let simulator = probe.subject.simulator {
            let visible = await simulator.visibleConversationCount()
            if visible != 0 { probe.fail("after logout() \(visible) conversation(s) of the logged-out user are still visible; expected 0") }
        }
        return .passed
    }

    func checkReset(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let first = users.first
        let login = await probe.call("login(\(label(first)))") { () async throws(IdentityError) in try await probe.provider.login(first) }
        guard let session = probe.success(login) else { return .failed }
        guard probe.provider.capabilities.contains(.reset) else {
            let reset = await probe.call("resetIdentity() without the .reset capability") { () async throws(IdentityError) in
                try await probe.provider.resetIdentity()
            }
            probe.expectError(reset, .unsupportedOperation)
            probe.expectNone([.identityReset, .loggedOut], in: reset)
            let current = await probe.currentUser("after an unsupported resetIdentity()")
            if current?.vendorUserId != session.user.vendorUserId {
                probe.fail("an unsupported resetIdentity() changed the current user")
            }
            return .passed
        }
        let sentMessage = await sendMessageIfSupported(probe, as: first)
        let reset = await probe.call("resetIdentity()") { () async throws(IdentityError) in try await probe.provider.resetIdentity() }
        guard probe.success(reset) != nil else { return .failed }
        probe.expectOnce(.identityReset, in: reset)
        probe.expectNone([.loginSucceeded, .loginFailed], in: reset)
        if let current = await probe.currentUser("after resetIdentity()") {
            if !current.isAnonymous { probe.fail("after resetIdentity() the current user is not anonymous") }
            if current.vendorUserId == session.user.vendorUserId {
                probe.fail(
                    "after resetIdentity() the vendor user is unchanged (\(current.vendorUserId)); expected a new anonymous identity")
            }
        }
        if sentMessage, let simulator = probe.subject.simulator {
            let visible = await simulator.visibleConversationCount()
            if visible != 0 {
                probe.fail("after resetIdentity() \(visible) conversation(s) of the previous user are still visible; expected 0")
            }
        }
        return .passed
    }

    func checkUnsupported(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let first = users.first
        let login = await probe.call("login(\(label(first)))") { () async throws(IdentityError) in try await probe.provider.login(first) }
        guard probe.success(login) != nil else { return .failed }
        if !probe.provider.capabilities.contains(.conversations) {
            let send = await probe.call("sendMessage without the .conversations capability") { () async throws(IdentityError) in
                try await probe.provider.sendMessage("conformance")
            }
            probe.expectError(send, .unsupportedOperation)
        }
        let option = await probe.call("setOption(\"conformance_unknown_option\")") { () async throws(IdentityError) in
            try await probe.provider.setOption("conformance_unknown_option", to: .bool(true))
        }
        switch option.result {
        case .success: probe.fail("\(option.label) succeeded; an unknown option must be refused, not ignored")
        case .failure(let error) where error.code != .unsupportedOperation && error.code != .configurationInvalid:
            probe.fail("\(option.label) failed with \(error.code); expected unsupported_operation or configuration_invalid")
        case .failure: break
        }
        let vendorEvent = await probe.call("handleVendorEvent(name: \"ConformanceUnknownEvent\")") { () async throws(IdentityError) in
            try await probe.provider.handleVendorEvent(name: "ConformanceUnknownEvent", data: ["key": "value"])
        }
        switch vendorEvent.result {
        case .success(let mapped):
            if mapped.isEmpty || mapped.contains(where: { $0.name != .vendorEvent }) {
                probe.fail(
                    "an unknown vendor event mapped to [\(mapped.map(\.name.rawValue).joined(separator: ", "))]; expected one vendor_event")
            }
            if mapped.map(\.name) != vendorEvent.names {
                probe.fail(
                    "handleVendorEvent returned [\(mapped.map(\.name.rawValue).joined(separator: ", "))] but emitted [\(vendorEvent.names.map(\.rawValue).joined(separator: ", "))]; it must emit what it returns"
                )
            }
        case .failure(let error) where error.code != .unsupportedOperation:
            probe.fail(
                "\(vendorEvent.label) failed with \(error.code); an unknown event maps to vendor_event (or unsupported_operation when the vendor emits no events)"
            )
        case .failure: break
        }
        return .passed
    }

    func checkBadCredential(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let first = users.first
        let credential: Credential
        switch badCredential.strategy {
        case .notApplicable(let reason):
            return .notApplicable(reason: reason)
        case .forged:
            let issued = await probe.call("credential(for: \(label(first)))", attributed: false) { () throws(IdentityError) in
                try probe.provider.credential(for: first)
            }
            guard let valid = probe.success(issued) else { return .failed }
            guard let forged = CredentialForgery.wrongSignature(valid) else {
                probe.fail(
                    "no field of the credential (\(valid.fields.keys.sorted().joined(separator: ", "))) looks like a JWT or an HMAC digest; pass badCredential: .custom { ... }"
                )
                return .failed
            }
            credential = forged
        case .custom(let make):
            do {
                credential = try await make(first, probe.subject)
            } catch {
                probe.fail("the badCredential hook threw: \(error)")
                return .failed
            }
        }
        let login = await probe.call("login(credential:) with a forged signature") { () async throws(IdentityError) in
            try await probe.provider.login(credential: credential)
        }
        probe.expectRow(.vendorRefusal, login)
        if let current = await probe.currentUser("after a forged credential"), current.isAuthenticated {
            probe.fail("after a forged credential the current user is authenticated (\(current.vendorUserId))")
        }
        return .passed
    }

    func checkExpiredCredential(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let first = users.first
        let credential: Credential
        switch expiredCredential.strategy {
        case .notApplicable(let reason):
            return .notApplicable(reason: reason)
        case .fromExpiry(let margin):
            let issued = await probe.call("credential(for: \(label(first)))", attributed: false) { () throws(IdentityError) in
                try probe.provider.credential(for: first)
            }
            guard let valid = probe.success(issued) else { return .failed }
            guard let expiresAt = valid.expiresAt else {
                probe.fail(
                    "the issued credential has no expiresAt; set it, or pass expiredCredential: .notApplicable(reason) when the vendor's credentials never expire"
                )
                return .failed
            }
            let now = probe.subject.clock.now()
            if expiresAt <= now {
                probe.fail("the credential issued at \(now.timeIntervalSince1970) already expired at \(expiresAt.timeIntervalSince1970)")
            }
            probe.subject.clock.set(expiresAt.addingTimeInterval(margin))
            credential = valid
        case .custom(let make):
            do {
                credential = try await make(first, probe.subject)
            } catch {
                probe.fail("the expiredCredential hook threw: \(error)")
                return .failed
            }
        }
        let login = await probe.call("login(credential:) after the credential expired") { () async throws(IdentityError) in
            try await probe.provider.login(credential: credential)
        }
        probe.expectRow(.expiredCredential, login)
        if let current = await probe.currentUser("after an expired credential"), current.isAuthenticated, !current.isAnonymous,
            current.externalId == first.userId
        {
            probe.fail("after an expired credential the user is logged in and authenticated")
        }
        let fresh = await probe.call("login(\(label(first))) with a fresh credential after the expired one") {
            () async throws(IdentityError) in
            try await probe.provider.login(first)
        }
        if probe.success(fresh) != nil { probe.expectOnce(.loginSucceeded, in: fresh) }
        return .passed
    }

    func checkMissingIdentifier(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let nobody = UserIdentity(name: "No Identifier")
        let issue = await probe.call("credential(for: a user with no id and no email)", attributed: false) { () throws(IdentityError) in
            try probe.provider.credential(for: nobody)
        }
        probe.expectError(issue, .missingIdentifier)
        let before = await probe.currentUser("before a login without identifiers")
        let login = await probe.call("login(a user with no id and no email)") { () async throws(IdentityError) in
            try await probe.provider.login(nobody)
        }
        probe.expectRow(.issuingFails, login, code: .missingIdentifier)
        let after = await probe.currentUser("after a login without identifiers")
        if after?.vendorUserId != before?.vendorUserId, after?.isAnonymous == false {
            probe.fail("a refused login without identifiers changed the current user to a logged-in user")
        }
        return .passed
    }

    func checkCredentialSourceFailure(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let failures: [(FailureTaxonomy, IdentityError)] = [
            (.networkError, IdentityError(.networkError, message: "The token service could not be reached (connection refused).")),
            (.timeout, IdentityError(.networkError, message: "The token service did not answer within 10.0s.")),
            (.credentialSourceFails, IdentityError(.notFound, message: "The token service serves no provider of that name.")),
        ]
        for (row, error) in failures {
            let call = await probe.call("login(credentialSource:) whose source fails (\(row))") { () async throws(IdentityError) in
                try await probe.provider.login(credentialSource: { () async throws(IdentityError) -> Credential in throw error })
            }
            probe.expectRow(row, call, code: error.code)
        }
        return .passed
    }

    func checkMalformedCredential(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let empty = await probe.call("login(credential:) with an empty credential") { () async throws(IdentityError) in
            try await probe.provider.login(credential: Credential(fields: [:]))
        }
        probe.expectRow(.emptyCredential, empty)
        let first = users.first
        let issued = await probe.call("credential(for: \(label(first)))", attributed: false) { () throws(IdentityError) in
            try probe.provider.credential(for: first)
        }
        guard let valid = probe.success(issued) else { return .failed }
        let numbers = Credential(fields: valid.fields.mapValues { _ in .int(42) })
        let malformed = await probe.call("login(credential:) with numbers for values") { () async throws(IdentityError) in
            try await probe.provider.login(credential: numbers)
        }
        probe.expectRow(.malformedCredential, malformed)
        return .passed
    }

    func checkUserSwitchFailure(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        let (first, second) = (users.first, users.second)
        guard case .forged = badCredential.strategy else {
            return .notApplicable(reason: "the kind makes no forged credential (badCredential is not .forged)")
        }
        let login = await probe.call("login(\(label(first)))") { () async throws(IdentityError) in try await probe.provider.login(first) }
        guard probe.success(login) != nil else { return .failed }
        let issued = await probe.call("credential(for: \(label(second)))", attributed: false) { () throws(IdentityError) in
            try probe.provider.credential(for: second)
        }
        guard let valid = probe.success(issued) else { return .failed }
        guard let forged = CredentialForgery.wrongSignature(valid) else {
            probe.fail("no field of \(label(second))'s credential looks like a JWT or an HMAC digest")
            return .failed
        }
        let switchCall = await probe.call("login(credential:) forged for \(label(second)) while \(label(first)) is logged in") {
            () async throws(IdentityError) in
            try await probe.provider.login(credential: forged)
        }
        probe.expectRow(.userSwitchFailsHalfway, switchCall)
        if let current = await probe.currentUser("after a user switch that failed"), current.isAuthenticated,
            current.externalId == first.userId
        {
            probe.fail("after a refused switch to \(label(second)), \(label(first)) is still logged in; the session ended first")
        }
        return .passed
    }

    func checkFailedLogout(_ probe: ConformanceProbe) async -> ConformanceOutcome {
        guard let failingLogout else {
            return .notApplicable(reason: "no failingLogout hook: the kind's SDK logout reports no failure")
        }
        let first = users.first
        let login = await probe.call("login(\(label(first)))") { () async throws(IdentityError) in try await probe.provider.login(first) }
        guard probe.success(login) != nil else { return .failed }
        do { try await failingLogout(probe.subject) } catch {
            probe.fail("the failingLogout hook threw: \(error)")
            return .failed
        }
        let logout = await probe.call("logout() that the vendor fails") { () async throws(IdentityError) in
            try await probe.provider.logout()
        }
        probe.expectRow(.failedLogout, logout)
        return .passed
    }

    // MARK: Helpers

    /// Sends a message as `user` when the provider drives conversations; true when one was sent
    /// and the simulator shows it.
    private func sendMessageIfSupported(_ probe: ConformanceProbe, as user: UserIdentity) async -> Bool {
        guard probe.provider.capabilities.contains(.conversations) else { return false }
        let send = await probe.call("sendMessage as \(label(user))") { () async throws(IdentityError) in
            try await probe.provider.sendMessage("conformance message from \(user.userId ?? "user")")
        }
        guard probe.success(send) != nil else { return false }
        guard let simulator = probe.subject.simulator else { return false }
        let visible = await simulator.visibleConversationCount()
        if visible < 1 {
            probe.fail("after \(send.label) the simulator shows \(visible) visible conversations; expected at least 1")
            return false
        }
        return true
    }

    func label(_ user: UserIdentity) -> String { user.userId ?? user.email ?? user.name ?? "anonymous user" }
}
