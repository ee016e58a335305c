import CSQLite
import Foundation
import Persistence
import XCTest

final class DatabasePoolTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var pool: DatabasePool!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        pool = try DatabasePool(url: folder.file("test.sqlite"))
        try pool.write { database in
            try database.executeScript("""
            CREATE TABLE gadget (id INTEGER PRIMARY KEY, name TEXT, weight REAL, active INTEGER, seen TEXT, blob BLOB, note TEXT, settings TEXT);
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent INTEGER NOT NULL REFERENCES parent(id));
            """)
        }
    }

    override func tearDownWithError() throws {
        pool = nil
        folder.remove()
    }

    /// Text is bound by its length in bytes: a NUL inside and letters of more than one byte
    /// come back as they went in, and the length SQLite stores is the UTF-8 length.
    func testTextIsBoundWhole() throws {
        let texts = ["a\u{0}b", "é😀 \u{0}", "", String(repeating: "x", count: 70_000)]
        for (id, text) in texts.enumerated() {
            try pool.write { try $0.execute("INSERT INTO gadget (id, name) VALUES (?, ?)", id, text) }
            XCTAssertEqual(try pool.read { try $0.scalar(String.self, "SELECT name FROM gadget WHERE id = ?", id) }, text)
            XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT length(CAST(name AS BLOB)) FROM gadget WHERE id = ?", id) }, text.utf8.count)
        }
    }

    private func count(_ table: String) throws -> Int {
        try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM \(table)") ?? -1 }
    }

    /// Memory statistics would make every allocation of every connection take one process-wide
    /// mutex; with them off SQLite counts nothing.
    /// More statements than the connection keeps at hand, run in turn, texts made at run time
    /// among them: each runs as itself, whichever way the connection finds it again.
    func testManyStatementsRunInTurnEachRunAsThemselves() throws {
        try pool.write { database in
            for round in 0..<3 {
                for number in 0..<20 {
                    let statement = "SELECT \(number) + ?"
                    XCTAssertEqual(try database.scalar(Int.self, statement, round), number + round)
                }
                XCTAssertEqual(try database.scalar(Int.self, "SELECT 100 + ?", round), 100 + round)
            }
        }
    }

    func testSQLiteKeepsNoMemoryStatistics() throws {
        try pool.write { database in try database.execute("INSERT INTO gadget (name) VALUES ('counted')") }
        XCTAssertEqual(try count("gadget"), 1)
        XCTAssertEqual(sqlite3_memory_used(), 0, "open connections with statistics on count their memory")
    }

    func testConnectionsUseWALAndForeignKeys() throws {
        XCTAssertEqual(try pool.read { try $0.scalar(String.self, "PRAGMA journal_mode") }, "wal")
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "PRAGMA foreign_keys") }, 1)
        XCTAssertThrowsError(try pool.write { try $0.execute("INSERT INTO child (parent) VALUES (?)", 42) }) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, 787, "SQLITE_CONSTRAINT_FOREIGNKEY")
        }
    }

    func testTextWithANULIsKeptWholeAndNotConfusedWithItsPrefix() throws {
        try pool.write { database in
            try database.execute("CREATE TABLE tokens (token TEXT PRIMARY KEY, count INTEGER)")
            try database.execute("INSERT INTO tokens VALUES (?, 1)", "victim")
            try database.execute("INSERT INTO tokens VALUES (?, 2)", "victim\u{0}x")
        }
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT count FROM tokens WHERE token = ?", "victim\u{0}x") }, 2)
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT count FROM tokens WHERE token = ?", "victim") }, 1)
        XCTAssertEqual(try pool.read { try $0.scalar(String.self, "SELECT token FROM tokens WHERE count = 2") }, "victim\u{0}x")
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT length(CAST(token AS BLOB)) FROM tokens WHERE count = 2") }, 8)
    }

    func testBindsAndDecodesEveryType() throws {
        let seen = Date(timeIntervalSince1970: 1_795_963_000.125)
        let gadget = Gadget(
            id: 7, name: "lamp ✨", weight: 1.5, active: true, seen: seen, blob: Data([0, 1, 255]), note: nil,
            settings: .init(mode: "eco", levels: [1, 2])
        )
        try pool.write { database in
            try database.execute(
                "INSERT INTO gadget VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                gadget.id, gadget.name, gadget.weight, gadget.active, gadget.seen, gadget.blob, gadget.note, try JSONColumn(gadget.settings)
            )
        }
        let decoded = try pool.read { try $0.fetchAll(Gadget.self, "SELECT * FROM gadget") }
        XCTAssertEqual(decoded, [gadget])
        let row = try pool.read { try $0.rows("SELECT seen, note, settings FROM gadget").first }
        XCTAssertEqual(row?["seen"], .text("2026-11-29T14:36:40.125Z"))
        XCTAssertEqual(row?["note"], .null)
        XCTAssertEqual(row?.get("settings", as: JSONColumn<Gadget.Settings>.self)?.value, gadget.settings)
    }

    func testDecodingErrorsNameTheColumn() throws {
        try pool.write { try $0.execute("INSERT INTO gadget (id, name) VALUES (1, 'x')") }
        XCTAssertThrowsError(try pool.read { try $0.fetchAll(Gadget.self, "SELECT * FROM gadget") }) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("cannot decode Gadget"), message)
            XCTAssertTrue(message.contains("weight"), message)
        }
        XCTAssertThrowsError(try pool.read { try $0.scalar(Int.self, "SELECT name FROM gadget") }) { error in
            XCTAssertTrue("\(error)".contains("the result is text, not Int"), "\(error)")
        }
    }

    func testTransactionsCommitOrRollBackWhole() throws {
        XCTAssertThrowsError(try pool.write { database in
            try database.execute("INSERT INTO parent (id) VALUES (1)")
            try database.execute("INSERT INTO parent (id) VALUES (1)")
        })
        XCTAssertEqual(try count("parent"), 0)
        try pool.write { try $0.execute("INSERT INTO parent (id) VALUES (2)") }
        XCTAssertEqual(try count("parent"), 1)
    }

    func testNestedTransactionsAreSavepoints() throws {
        try pool.write { database in
            try database.execute("INSERT INTO parent (id) VALUES (1)")
            XCTAssertThrowsError(try database.transaction {
                try database.execute("INSERT INTO parent (id) VALUES (2)")
                throw DatabaseError(code: 1, message: "inner fails")
            })
            try database.transaction { try database.execute("INSERT INTO parent (id) VALUES (3)") }
        }
        XCTAssertEqual(try pool.read { try $0.rows("SELECT id FROM parent ORDER BY id").compactMap { $0.get("id", as: Int.self) } }, [1, 3])
    }

    func testErrorsCarryCodeMessageAndSQL() throws {
        XCTAssertThrowsError(try pool.write { try $0.execute("SELEKT 1") }) { error in
            let failure = error as? DatabaseError
            XCTAssertEqual(failure?.code, 1)
            XCTAssertEqual(failure?.sql, "SELEKT 1")
            XCTAssertTrue(failure?.message.contains("syntax error") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try pool.write { try $0.execute("INSERT INTO parent (id) VALUES (?)", 1, 2) }) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "the statement takes 1 argument(s), 2 given")
        }
    }

    func testReadersCannotWrite() {
        XCTAssertThrowsError(try pool.read { try $0.execute("INSERT INTO parent (id) VALUES (9)") }) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, 8, "SQLITE_READONLY")
        }
    }

    func testAFileThatIsNotADatabaseIsAnError() throws {
        let url = folder.file("notes.txt")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: url)
        XCTAssertThrowsError(try DatabasePool(url: url)) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, 26, "SQLITE_NOTADB")
            XCTAssertEqual((error as? DatabaseError)?.message, "file is not a database")
        }
    }

    func testACorruptDatabaseIsReportedAsCorrupt() throws {
        let url = folder.file("corrupt.sqlite")
        let victim = try DatabasePool(url: url)
        try victim.write { database in
            try database.executeScript("CREATE TABLE t (x BLOB)")
            for _ in 0..<200 { try database.execute("INSERT INTO t VALUES (?)", Data(repeating: 7, count: 1_000)) }
        }
        try victim.writeWithoutTransaction { try $0.executeScript("PRAGMA wal_checkpoint(TRUNCATE)") }
        var bytes = try Data(contentsOf: url)
        for index in stride(from: 4_096, to: min(bytes.count, 4_096 * 20), by: 1) { bytes[index] = 0x5A }
        try bytes.write(to: url)
        let reopened = try DatabasePool(url: url)
        XCTAssertThrowsError(try reopened.read { try $0.scalar(Int.self, "SELECT count(*) FROM t") }) { error in
            XCTAssertEqual(((error as? DatabaseError)?.code ?? 0) & 0xFF, 11, "SQLITE_CORRUPT: \(error)")
        }
    }

    func testAnUnopenablePathIsAnError() {
        XCTAssertThrowsError(try DatabasePool(url: folder.file("missing/deeper/db.sqlite"))) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, 14, "SQLITE_CANTOPEN")
            XCTAssertTrue("\(error)".contains("missing/deeper/db.sqlite"))
        }
    }

    func testConcurrentReadersDuringWrites() async throws {
        let pool = self.pool!
        let writes = 300
        async let writer: Void = Task.detached {
            for id in 1...writes { try pool.write { try $0.execute("INSERT INTO parent (id) VALUES (?)", id) } }
        }.value
        let observations = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var seen: [Int] = []
                    for _ in 0..<200 {
                        let snapshot = try pool.read { database -> Int in
                            let count = try database.scalar(Int.self, "SELECT count(*) FROM parent") ?? 0
                            let maximum = try database.scalar(Int.self, "SELECT max(id) FROM parent") ?? 0
                            XCTAssertEqual(count, maximum, "a read transaction sees one consistent snapshot")
                            return count
                        }
                        seen.append(snapshot)
                    }
                    return seen
                }
            }
            var all: [[Int]] = []
            for try await seen in group { all.append(seen) }
            return all
        }
        try await writer
        for seen in observations {
            XCTAssertEqual(seen, seen.sorted(), "each reader sees the count only grow")
        }
        XCTAssertEqual(try count("parent"), writes)
    }
}
