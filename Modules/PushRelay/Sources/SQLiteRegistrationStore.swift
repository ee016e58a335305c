import Foundation
import Persistence

/// Registrations in the relay's SQLite file, mirrored in memory (the process holds the file
/// alone), so checking a token costs no query. At most `limit` are kept.
public final class SQLiteRegistrationStore: RegistrationStore, @unchecked Sendable {
    private let writer: BatchedWriter
    private let limit: Int
    // Guarded by `lock`: secret key → token key, and the token keys (looked up on every send).
    private var secrets: [String: String] = [:]
    private var tokens: Set<TokenKey> = []
    private let lock = NSLock()

    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.register("registrations.v1") { database in
            try database.executeScript("""
            CREATE TABLE registrations (
                token_key TEXT PRIMARY KEY,
                secret_key TEXT NOT NULL UNIQUE,
                registered_at REAL NOT NULL
            );
            """)
        }
    }

    public init(pool: DatabasePool, writer: BatchedWriter, limit: Int) throws {
        self.writer = writer
        self.limit = limit
        for row in try pool.read({ database in try database.rows("SELECT token_key, secret_key FROM registrations") }) {
            guard let token = row.get("token_key", as: String.self), let secret = row.get("secret_key", as: String.self) else { continue }
            secrets[secret] = token
            tokens.insert(TokenKey(token))
        }
    }

    public func add(tokenKey: String, secretKey: String, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let full = lock.withLock { () -> Bool in
            guard tokens.count < limit else { return true }
            // Counted now, so registrations arriving together cannot pass the limit.
            tokens.insert(TokenKey(tokenKey))
            return false
        }
        if full { return completion(.failure(RelayRequestError(503, "the relay holds as many registrations as it allows (\(limit))"))) }
        writer.submit({ database in
            try database.execute("INSERT INTO registrations (token_key, secret_key, registered_at) VALUES (?, ?, ?)",
                tokenKey, secretKey, Date().timeIntervalSince1970)
        }) { [self] error in
            lock.withLock {
                if error == nil { secrets[secretKey] = tokenKey } else { tokens.remove(TokenKey(tokenKey)) }
            }
            completion(error.map { .failure($0) } ?? .success(()))
        }
    }

    public func remove(secretKey: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void) {
        // Refused at once, written behind: a removed token must not send or stream meanwhile.
        guard let tokenKey = lock.withLock({ () -> String? in
            guard let key = secrets.removeValue(forKey: secretKey) else { return nil }
            tokens.remove(TokenKey(key))
            return key
        }) else { return completion(.success(nil)) }
        writer.submit({ database in
            try database.execute("DELETE FROM registrations WHERE secret_key = ?", secretKey)
        }) { error in completion(error.map { .failure($0) } ?? .success(tokenKey)) }
    }

    public func isRegistered(tokenKey: String) throws -> Bool {
        let key = TokenKey(tokenKey)
        return lock.withLock { tokens.contains(key) }
    }

    public func tokenKey(forSecret secretKey: String) throws -> String? {
        lock.withLock { secrets[secretKey] }
    }
}
