import Foundation
import Persistence
import XCTest

final class DatabaseMigratorTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDownWithError() throws {
        folder.remove()
    }

    private func version1() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.register("create notes") { try $0.executeScript("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)") }
        return migrator
    }

    private func version2() -> DatabaseMigrator {
        var migrator = version1()
        migrator.register("add notes.pinned") { try $0.executeScript("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0") }
        return migrator
    }

    func testAppliesEachMigrationOnceInOrder() throws {
        let pool = try DatabasePool(url: folder.file("a.sqlite"))
        XCTAssertEqual(try version2().migrate(pool), ["create notes", "add notes.pinned"])
        XCTAssertEqual(try version2().migrate(pool), [])
        let recorded = try pool.read { try $0.rows("SELECT name FROM schema_migrations ORDER BY rowid").compactMap { $0.get("name", as: String.self) } }
        XCTAssertEqual(recorded, ["create notes", "add notes.pinned"])
    }

    func testMigratesAFileMadeByAnOlderSchemaAndKeepsItsData() throws {
        let url = folder.file("old.sqlite")
        do {
            let old = try DatabasePool(url: url)
            try version1().migrate(old)
            try old.write { try $0.execute("INSERT INTO notes (body) VALUES (?)", "kept") }
        }
        let pool = try DatabasePool(url: url)
        XCTAssertEqual(try version2().migrate(pool), ["add notes.pinned"])
        let row = try pool.read { try $0.rows("SELECT body, pinned FROM notes").first }
        XCTAssertEqual(row?.get("body", as: String.self), "kept")
        XCTAssertEqual(row?.get("pinned", as: Int.self), 0)
    }

    func testRefusesADatabaseWrittenByANewerSchema() throws {
        let url = folder.file("new.sqlite")
        try version2().migrate(DatabasePool(url: url))
        XCTAssertThrowsError(try version1().migrate(DatabasePool(url: url))) { error in
            let failure = error as? MigrationError
            XCTAssertEqual(failure?.code, .newerSchema)
            XCTAssertTrue(failure?.message.contains("add notes.pinned") ?? false, "\(error)")
        }
    }

    func testAFailingMigrationIsRolledBackAndNamed() throws {
        let pool = try DatabasePool(url: folder.file("fail.sqlite"))
        var migrator = version1()
        migrator.register("broken") { database in
            try database.executeScript("CREATE TABLE half (x INTEGER)")
            try database.executeScript("THIS IS NOT SQL")
        }
        XCTAssertThrowsError(try migrator.migrate(pool)) { error in
            XCTAssertEqual((error as? MigrationError)?.code, .failed)
            XCTAssertTrue("\(error)".hasPrefix("migration 'broken' failed and was rolled back"), "\(error)")
        }
        XCTAssertNil(try pool.read { try $0.scalar(String.self, "SELECT name FROM sqlite_master WHERE name = 'half'") })
        XCTAssertEqual(try version1().migrate(pool), [], "the migrations before the broken one stay applied")
    }

    func testDuplicateNamesAreRefused() throws {
        var migrator = version1()
        migrator.register("create notes") { _ in }
        XCTAssertThrowsError(try migrator.migrate(DatabasePool(url: folder.file("dup.sqlite")))) { error in
            XCTAssertEqual((error as? MigrationError)?.code, .duplicateName)
        }
    }
}
