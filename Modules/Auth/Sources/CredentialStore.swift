import Essentials
import FoundationEssentials

/// The token store: `credentials.json` in the configuration folder, one entry per server, kept
/// by a ``JSONFileStore``: replaced whole (a crash leaves the old or the new file, never half of
/// one), changed under an exclusive lock so two processes refreshing at once lose nothing, and
/// tightened to 0600 when found readable by others.
public struct CredentialStore: Sendable {
    public static let fileName = "credentials.json"
    /// A token file larger than this is not a token file.
    public static let maximumFileSize = 1 << 20

    public let url: URL
    private let file: JSONFileStore<CredentialFile>

    /// A store in `folder` (created 0700 on the first write).
    public init(folder: URL) {
        url = folder.appendingPathComponent(Self.fileName)
        file = JSONFileStore(file: url, maximumSize: Self.maximumFileSize)
    }

    /// Everything stored; an empty file when there is none yet.
    public func load() throws -> CredentialFile {
        try checked(try translating { try file.load() })
    }

    /// The session for `server`, if any.
    public func session(for server: String) throws -> StoredSession? {
        try load().sessions[server]
    }

    /// Reads, changes and writes the file under the lock; `body`'s changes are all or nothing.
    @discardableResult
    public func update<T>(_ body: (inout CredentialFile) throws -> T) throws -> T {
        try translating {
            try file.update { stored in
                var credentials = try checked(stored)
                let result = try body(&credentials)
                stored = credentials
                return result
            }
        }
    }

    /// Saves `session`, replacing the server's previous one; `makeDefault` makes it the default server.
    public func save(_ session: StoredSession, makeDefault: Bool) throws {
        try update { file in
            file.sessions[session.server] = session
            if makeDefault || file.defaultServer == nil { file.defaultServer = session.server }
        }
    }

    /// Makes `server` the default server; false when no session is stored for it (nothing changes).
    public func makeDefault(_ server: String) throws -> Bool {
        try update { file in
            guard file.sessions[server] != nil else { return false }
            file.defaultServer = server
            return true
        }
    }

    /// Forgets `server`'s session; the default moves to another server, if any is left.
    @discardableResult
    public func remove(_ server: String) throws -> Bool {
        try update { file in
            let removed = file.sessions.removeValue(forKey: server) != nil
            if file.defaultServer == server { file.defaultServer = file.sessions.keys.sorted().first }
            return removed
        }
    }

    /// The stored file (an empty one when there is none), refused when a newer version wrote it.
    private func checked(_ stored: CredentialFile?) throws -> CredentialFile {
        guard let stored else { return CredentialFile() }
        guard stored.version <= CredentialFile.currentVersion else {
            throw CredentialStoreError(path: url.path, reason: "was written by a newer version (\(stored.version)); upgrade home")
        }
        return stored
    }

    /// Runs `body`, its file failures said as the token store's.
    private func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as JSONFileStoreError {
            let reason = error.isMalformed ? "is not a valid token store; move it away and sign in again" : error.reason
            throw CredentialStoreError(path: url.path, reason: reason)
        }
    }
}
