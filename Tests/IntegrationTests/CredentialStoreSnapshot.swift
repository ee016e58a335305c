import Auth

/// Reads what the token store of a test world holds.
struct CredentialStoreSnapshot {
    let store: CredentialStore

    init(_ world: TemporaryHomeWorld) {
        store = CredentialStore(folder: world.layout.configuration)
    }

    func refreshToken(of server: String) throws -> String? {
        try store.session(for: server)?.refreshToken
    }
}
