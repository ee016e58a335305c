import Dispatch
import Essentials
import FoundationEssentials

/// An SQLite database in WAL mode: one serialized writer and a pool of concurrent readers.
///
/// Writes run one at a time, each in an immediate transaction; reads run on their own
/// connections in parallel with writes and see the last committed state. Every connection has
/// WAL, a busy timeout, foreign keys and full synchronous commits (durable on power loss).
public final class DatabasePool: @unchecked Sendable {
    /// The database file.
    public let url: URL
    private let writer: DatabaseConnection
    private let writerLock = Lock()
    // Idle readers, guarded by `readersLock`; `readerSlots` bounds how many exist at once.
    private var idleReaders: [DatabaseConnection] = []
    private let readersLock = Lock()
    private let readerSlots: DispatchSemaphore
    // The connection passive checkpoints run on (made on first use), and how much of the log had
    // been copied back when it last synced the database file; guarded by `checkpointLock`.
    private var checkpointer: DatabaseConnection?
    private var syncedCheckpointedPages = 0
    private let checkpointLock = Lock()

    /// Opens (creating if missing) the database at `url` with up to `maximumReaders` reader connections.
    ///
    /// A file that is not a database, or is corrupt in its header, throws a ``DatabaseError`` here.
    public init(url: URL, maximumReaders: Int = 4) throws {
        self.url = url
        writer = try DatabaseConnection(url: url, readOnly: false)
        readerSlots = DispatchSemaphore(value: max(1, maximumReaders))
    }

    /// Runs `body` as one write transaction; commits when it returns, rolls back when it throws.
    public func write<Result>(_ body: (DatabaseConnection) throws -> Result) throws -> Result {
        try writerLock.withLock {
            try writer.transaction { try body(writer) }
        }
    }

    /// Runs `body` outside a transaction on the writer, for statements that cannot run in one
    /// (`VACUUM`, some pragmas).
    public func writeWithoutTransaction<Result>(_ body: (DatabaseConnection) throws -> Result) throws -> Result {
        try writerLock.withLock { try body(writer) }
    }

    /// Runs `body` on a reader connection inside one read transaction (a consistent snapshot).
    public func read<Result>(_ body: (DatabaseConnection) throws -> Result) throws -> Result {
        readerSlots.wait()
        defer { readerSlots.signal() }
        let reader = try readersLock.withLock { idleReaders.popLast() } ?? DatabaseConnection(url: url, readOnly: true)
        defer { readersLock.withLock { idleReaders.append(reader) } }
        return try reader.readTransaction { try body(reader) }
    }

    /// Copies what it can of the write-ahead log back into the database without waiting for, or
    /// holding up, readers (`PRAGMA wal_checkpoint(PASSIVE)`): on a connection of its own, not
    /// holding up the writer either, or (`onWriter`) on the writer's, between its transactions,
    /// so that nothing is written meanwhile and the whole log can be copied. Returns the log's size
    /// and how much of it is now copied back, in pages.
    ///
    /// SQLite syncs the database file only when a checkpoint ends with nothing left in the log,
    /// which never happens while writes go on: what checkpoints on their own connection copied
    /// would all be synced by the writer's, between two batches (20-28 ms with 32 MiB of log, on
    /// this disk, with every request waiting). So the connection of its own syncs the file after
    /// each checkpoint that copied something.
    @discardableResult
    public func checkpoint(onWriter: Bool = false) throws -> (logPages: Int, checkpointedPages: Int) {
        if onWriter {
            return Self.outcome(try writeWithoutTransaction { try $0.rows("PRAGMA wal_checkpoint(PASSIVE)").first })
        }
        return try checkpointLock.withLock {
            let connection = try checkpointer ?? DatabaseConnection(url: url, readOnly: false)
            checkpointer = connection
            let outcome = Self.outcome(try connection.rows("PRAGMA wal_checkpoint(PASSIVE)").first)
            if outcome.checkpointedPages > 0, outcome.checkpointedPages != syncedCheckpointedPages {
                try connection.syncDatabaseFile()
                syncedCheckpointedPages = outcome.checkpointedPages
            }
            return outcome
        }
    }

    private static func outcome(_ row: Row?) -> (logPages: Int, checkpointedPages: Int) {
        (row?.get("log", as: Int.self) ?? 0, row?.get("checkpointed", as: Int.self) ?? 0)
    }
}
