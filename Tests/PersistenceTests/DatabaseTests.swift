import Foundation
import Persistence
import XCTest

final class DatabaseTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testOpensWithWALAndForeignKeys() throws {
        let database = try Database(url: folder.appendingPathComponent("a.sqlite"))
        XCTAssertEqual(try database.scalarText("PRAGMA journal_mode"), "wal")
        XCTAssertEqual(try database.scalarText("PRAGMA foreign_keys"), "1")
        try database.execute("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('kept');")
        XCTAssertEqual(try database.scalarText("SELECT x FROM t"), "kept")
        XCTAssertNil(try database.scalarText("SELECT x FROM t WHERE 0"))
    }

    func testAFileThatIsNotADatabaseIsAnError() throws {
        let url = folder.appendingPathComponent("notes.txt")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: url)
        XCTAssertThrowsError(try Database(url: url)) { error in
            let failure = error as? DatabaseError
            XCTAssertEqual(failure?.code, 26, "SQLITE_NOTADB")
            XCTAssertEqual(failure?.message, "file is not a database")
        }
    }

    func testErrorsCarryCodeMessageAndSQL() throws {
        let database = try Database(url: folder.appendingPathComponent("b.sqlite"))
        XCTAssertThrowsError(try database.execute("SELEKT 1")) { error in
            let failure = error as? DatabaseError
            XCTAssertEqual(failure?.code, 1)
            XCTAssertEqual(failure?.sql, "SELEKT 1")
            XCTAssertTrue(failure?.description.contains("syntax error") ?? false, String(describing: failure))
        }
    }

    func testAFolderThatCannotHoldTheFileIsAnError() {
        XCTAssertThrowsError(try Database(url: folder.appendingPathComponent("missing/deeper/c.sqlite"))) { error in
            XCTAssertEqual((error as? DatabaseError)?.code, 14, "SQLITE_CANTOPEN")
        }
    }
}
