import Essentials
import Foundation
import Persistence

/// Registrations in the relay's SQLite file, mirrored in memory (the process holds the file
/// alone), so checking a token costs no query. At most `limit` are kept. When each was last used
/// is kept too, written at most once an hour per registration, so unused ones can expire.
public final class SQLiteRegistrationStore: RegistrationStore, @unchecked Sendable {
    /// Seconds between two writes of one registration's last use.
    static let usePrecision = 3_600.0

    private struct Entry {
        let secretKey: String
        var lastUsed: Double
    }

    private let writer: BatchedWriter
    private let limit: Int
    private let logger: Logger
    // Guarded by `lock`: secret key → token key, and the registrations by token key (looked up on every send).
    @exclusivity(unchecked) private var secrets: [String: String] = [:]
    @exclusivity(unchecked) private var tokens: [TokenKey: Entry] = [:]
    private let lock = RequestLock()

    /// Adds the registration tables to `migrator`.
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
        migrator.register("registrations.v2") { database in
            try database.executeScript("""
            ALTER TABLE registrations ADD COLUMN last_used REAL;
            UPDATE registrations SET last_used = registered_at;
            """)
        }
    }

    /// A store on `pool` writing through `writer`, holding at most `limit` registrations.
    public init(pool: DatabasePool, writer: BatchedWriter, limit: Int, logger: Logger = Logger.standardError(label: "push-relay", level: .warning)) throws {
        self.writer = writer
        self.limit = limit
        self.logger = logger
        for row in try pool.read({ database in try database.rows("SELECT token_key, secret_key, registered_at, last_used FROM registrations") }) {
            guard let token = row.get("token_key", as: String.self), let secret = row.get("secret_key", as: String.self) else { continue }
            let used = row.get("last_used", as: Double.self) ?? row.get("registered_at", as: Double.self) ?? Current.now().timeIntervalSince1970
            secrets[secret] = token
            tokens[TokenKey(token)] = Entry(secretKey: secret, lastUsed: used)
        }
    }

    /// Adds a registration; `completion` gets a 503 when the limit is reached.
    public func add(tokenKey: String, secretKey: String, at date: Date, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let now = date.timeIntervalSince1970
        let full = lock.withLock { () -> Bool in
            guard tokens.count < limit else { return true }
            // Counted now, so registrations arriving together cannot pass the limit.
            tokens[TokenKey(tokenKey)] = Entry(secretKey: secretKey, lastUsed: now)
            return false
        }
        if full { return completion(.failure(RelayRequestError(503, "the relay holds as many registrations as it allows (\(limit))"))) }
        writer.submit({ database in
            try database.execute("INSERT INTO registrations (token_key, secret_key, registered_at, last_used) VALUES (?, ?, ?, ?)",
                tokenKey, secretKey, now, now)
        }) { [self] error in
            lock.withLock {
                if error == nil { secrets[secretKey] = tokenKey } else { tokens[TokenKey(tokenKey)] = nil }
            }
            completion(error.map { .failure($0) } ?? .success(()))
        }
    }

    /// Removes the registration of `secretKey`; `completion` gets its token key, nil when there was none.
    public func remove(secretKey: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void) {
        // Refused at once, written behind: a removed token must not send or stream meanwhile.
        guard let tokenKey = lock.withLock({ () -> String? in
            guard let key = secrets.removeValue(forKey: secretKey) else { return nil }
            tokens[TokenKey(key)] = nil
            return key
        }) else { return completion(.success(nil)) }
        writer.submit({ database in
            try database.execute("DELETE FROM registrations WHERE secret_key = ?", secretKey)
        }) { error in completion(error.map { .failure($0) } ?? .success(tokenKey)) }
    }

    /// Whether `tokenKey` is registered.
    public func isRegistered(tokenKey: String) throws -> Bool {
        let key = TokenKey(tokenKey)
        return lock.withLock { tokens[key] != nil }
    }

    /// The token key the stream secret `secretKey` belongs to, if any.
    public func tokenKey(forSecret secretKey: String) throws -> String? {
        lock.withLock { secrets[secretKey] }
    }

    /// Notes that `tokenKey` was used at `date` (written in batches).
    public func markUsed(tokenKey: String, at date: Date) {
        _ = use(tokenKey, at: date)
    }

    /// Whether `tokenKey` is registered, its use at `date` noted when it is: one lookup for both.
    public func useIfRegistered(tokenKey: String, at date: Date) throws -> Bool {
        use(tokenKey, at: date)
    }

    /// Whether `tokenKey` is registered; when it is, its use at `date` is noted, and written
    /// when the one written is an hour old.
    private func use(_ tokenKey: String, at date: Date) -> Bool {
        let key = TokenKey(tokenKey), now = date.timeIntervalSince1970
        let (registered, stale) = lock.withLock { () -> (Bool, Bool) in
            guard let index = tokens.index(forKey: key) else { return (false, false) }
            guard now - tokens.values[index].lastUsed >= Self.usePrecision else { return (true, false) }
            tokens.values[index].lastUsed = now
            return (true, true)
        }
        guard stale else { return registered }
        writer.submit({ database in
            try database.execute("UPDATE registrations SET last_used = ? WHERE token_key = ?", now, tokenKey)
        }) { [logger] error in
            // Kept in memory all the same; at worst the registration looks older after a restart.
            if let error { logger.error("a registration's last use was not written: \(error)") }
        }
        return true
    }

    /// Removes the registrations unused since `cutoff` and returns their token keys.
    public func expire(unusedSince cutoff: Date) throws -> [String] {
        let limit = cutoff.timeIntervalSince1970
        let expired = lock.withLock { () -> [String] in
            let found = tokens.filter { $0.value.lastUsed < limit }.compactMap { secrets.removeValue(forKey: $0.value.secretKey) }
            for token in found { tokens[TokenKey(token)] = nil }
            return found
        }
        guard !expired.isEmpty else { return [] }
        try writer.write { database in
            for token in expired { try database.execute("DELETE FROM registrations WHERE token_key = ?", token) }
        }
        return expired
    }
}
