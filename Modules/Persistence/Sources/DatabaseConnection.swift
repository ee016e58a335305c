import CSQLite
import FoundationEssentials

/// One open SQLite connection. Used only inside a ``DatabasePool`` closure, on one thread at a time.
public final class DatabaseConnection {
    /// How long a statement waits for another connection's lock before failing.
    public static let busyTimeoutMilliseconds: Int32 = 5_000

    private let handle: OpaquePointer
    @exclusivity(unchecked) private var statements: [String: Statement] = [:]
    /// The statements used last, looked through before `statements`: a statement written as a
    /// literal is found by comparing two words (the same literal is the same string), where the
    /// dictionary hashes the whole text, a few hundred bytes, on every run.
    @exclusivity(unchecked) private var recentStatements: [(sql: String, statement: Statement)] = []
    @exclusivity(unchecked) private var nextRecent = 0
    private static let recentCount = 8
    @exclusivity(unchecked) private var savepointDepth = 0

    /// SQLite's process-wide settings, made once before the first connection opens. Failing
    /// leaves SQLite's defaults, which work, only slower.
    private static let processSettings: Int32 = csqlite_disable_memory_statistics()

    /// Opens `url`; `readOnly` connections refuse every write.
    init(url: URL, readOnly: Bool) throws {
        _ = Self.processSettings
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(url.path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            throw DatabaseError(code: status, message: message + " (\(url.path))")
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        do {
            // Reading the schema is what reveals a file that is not a database.
            try execute("SELECT count(*) FROM sqlite_master")
            try execute(readOnly ? "PRAGMA query_only = ON" : "PRAGMA journal_mode = WAL")
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA synchronous = FULL")
        } catch {
            statements = [:]
            recentStatements = []
            sqlite3_close(handle)
            throw error
        }
    }

    deinit {
        statements = [:]
        recentStatements = []
        sqlite3_close(handle)
    }

    /// Writes the database file's changes through to the disk (`fdatasync`), as a checkpoint
    /// that copies the whole log back does before the log may start over.
    func syncDatabaseFile() throws {
        let status = csqlite_sync_main_file(handle)
        guard status == SQLITE_OK else { throw DatabaseError(code: status, message: "cannot sync the database file: \(String(cString: sqlite3_errstr(status)))") }
    }

    /// Runs `sql` with `arguments` bound to its placeholders; returns nothing.
    public func execute(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws {
        try execute(sql, arguments: arguments)
    }

    /// Runs `sql` with an array of arguments.
    public func execute(_ sql: String, arguments: [any DatabaseValueConvertible]) throws {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        try statement.run()
    }

    /// Runs several `;`-separated statements without arguments, such as a migration script.
    public func executeScript(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// The rows `sql` returns.
    public func rows(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws -> [Row] {
        try rows(sql, arguments: arguments)
    }

    /// The rows `sql` returns, with its `?` parameters bound to `arguments` in order.
    public func rows(_ sql: String, arguments: [any DatabaseValueConvertible]) throws -> [Row] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        return try statement.rows()
    }

    /// The rows `sql` returns, each decoded as `Record` by column name.
    public func fetchAll<Record: Decodable>(_ type: Record.Type, _ sql: String, _ arguments: any DatabaseValueConvertible...) throws -> [Record] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        return try statement.rows().map { row in
            do {
                return try Record(from: RowDecoder(row: row))
            } catch {
                throw DatabaseError(code: SQLITE_MISMATCH, message: "cannot decode \(Record.self): \(error)", sql: sql)
            }
        }
    }

    /// The first column of the first row, converted to `Value`; nil when there is no row or it is NULL.
    public func scalar<Value: DatabaseValueConvertible>(_ type: Value.Type, _ sql: String, _ arguments: any DatabaseValueConvertible...) throws -> Value? {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        guard let value = try statement.rows().first?.values.first, value != .null else { return nil }
        guard let converted = Value(databaseValue: value) else {
            throw DatabaseError(code: SQLITE_MISMATCH, message: "the result is \(value.kindName), not \(Value.self)", sql: sql)
        }
        return converted
    }

    /// The row id of the last inserted row.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last statement changed.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a transaction, or in a savepoint when one is already open; commits when it
    /// returns and rolls back when it throws.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        let depth = savepointDepth
        let (begin, commit, rollback): (String, String, String)
        if depth == 0 {
            (begin, commit, rollback) = ("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK")
        } else {
            let name = "s\(depth)"
            (begin, commit, rollback) = ("SAVEPOINT \(name)", "RELEASE \(name)", "ROLLBACK TO \(name); RELEASE \(name)")
        }
        // Prepared once and kept, like every statement run through `execute`: parsing BEGIN and
        // COMMIT for every transaction was a few percent of the relay's writer thread.
        try execute(begin)
        savepointDepth += 1
        defer { savepointDepth = depth }
        do {
            let result = try body()
            try execute(commit)
            return result
        } catch {
            try? executeScript(rollback)
            throw error
        }
    }

    /// Runs `body` in a read transaction, so every query in it sees one snapshot.
    func readTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    private func cachedStatement(_ sql: String) throws -> Statement {
        for recent in recentStatements where recent.sql == sql { return recent.statement }
        let statement: Statement
        if let known = statements[sql] {
            statement = known
        } else {
            statement = try Statement(sql: sql, connection: handle)
            statements[sql] = statement
        }
        if recentStatements.count < Self.recentCount {
            recentStatements.append((sql, statement))
        } else {
            recentStatements[nextRecent] = (sql, statement)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return statement
    }
}
