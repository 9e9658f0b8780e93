import IdentityBridge

// What the documents' Swift examples leave to the reader, declared so that their generated copies
// (DocumentationSnippets/, by .ci/docs_snippets.py) compile. `AppSession` is InTheAppExamplesTests'.

/// The app's own session store, as GettingStarted.md's `resolveUser` example looks sessions up.
struct SessionStore: Sendable {
    /// A signed-in user as the store keeps it.
    struct Session: Sendable {
        let userId: String
        let email: String?
        let name: String?
    }

    let sessions: [String: Session]

    /// The session of a session token, if the app issued it.
    func lookUp(_ token: String) async -> Session? { sessions[token] }
}
