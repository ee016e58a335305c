import CSQLite
import Foundation

/// An SQLite database file opened for reading and writing, with WAL, a busy timeout and
/// foreign keys on.
///
/// A file that is not a database, or is corrupt, is reported as a ``DatabaseError`` when
/// opened, never later and never as a crash.
public final class Database: @unchecked Sendable {
    /// How long a statement waits for another connection's lock before failing.
    public static let busyTimeoutMilliseconds: Int32 = 5_000

    // Used only under `lock`: SQLite connections must not be used from two threads at once.
    private let connection: OpaquePointer
    private let lock = NSLock()

    /// Opens (creating if missing) the database at `url`.
    public init(url: URL) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(url.path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            throw DatabaseError(code: status, message: message)
        }
        connection = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        do {
            // Reading the schema is what reveals a file that is not a database.
            try execute("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; SELECT count(*) FROM sqlite_master;")
        } catch {
            sqlite3_close(handle)
            throw error
        }
    }

    deinit {
        sqlite3_close(connection)
    }

    /// Runs one or more statements that return no rows of interest.
    public func execute(_ sql: String) throws {
        try lock.withLock {
            var message: UnsafeMutablePointer<CChar>?
            let status = sqlite3_exec(connection, sql, nil, nil, &message)
            defer { sqlite3_free(message) }
            guard status == SQLITE_OK else {
                let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(connection))
                throw DatabaseError(code: status, message: text, sql: sql)
            }
        }
    }

    /// The first column of the first row `sql` returns, as text; nil when it returns no row.
    public func scalarText(_ sql: String) throws -> String? {
        try lock.withLock {
            var statement: OpaquePointer?
            let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
            defer { sqlite3_finalize(statement) }
            guard prepared == SQLITE_OK else {
                throw DatabaseError(code: prepared, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
            }
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                return sqlite3_column_text(statement, 0).map { String(cString: $0) }
            case SQLITE_DONE:
                return nil
            case let status:
                throw DatabaseError(code: status, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
            }
        }
    }
}
