import Foundation
import Persistence
import XCTest

/// A passive checkpoint on the pool's own checkpoint connection leaves nothing it copied unsynced
/// in the database file, even when writes went on meanwhile (where SQLite itself does not sync):
/// otherwise the writer's checkpoint, the one that lets the log start over, would sync it all
/// while every write waits.
final class CheckpointSyncTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder.remove()
    }

    func testACheckpointThatCouldNotCopyTheWholeLogStillSyncsWhatItCopied() throws {
        let url = folder.file("synced.sqlite")
        let pool = try DatabasePool(url: url)
        try pool.writeWithoutTransaction { try $0.execute("PRAGMA wal_autocheckpoint = 0") }
        try pool.write { try $0.executeScript("CREATE TABLE item (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)") }
        let insert = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) INSERT INTO item (payload) SELECT randomblob(1024) FROM n"
        try pool.write { try $0.execute(insert) }
        let outcome = try pool.read { reader in
            // The reader's snapshot keeps the checkpoint from copying what is written after it.
            _ = try reader.scalar(Int.self, "SELECT count(*) FROM item")
            try pool.write { try $0.execute(insert) }
            return try pool.checkpoint()
        }
        XCTAssertGreaterThan(outcome.checkpointedPages, 100, "the first 500 rows were copied back")
        XCTAssertLessThan(outcome.checkpointedPages, outcome.logPages, "the rows written after the reader's snapshot were not")
        let pages = try dirtyPages(of: url)
        XCTAssertEqual(pages.dirty + pages.writeback, 0, "pages of the database file were not synced: \(pages)")
        XCTAssertGreaterThan(pages.cached, 100, "the copied pages are in the file")
    }

    /// The file's pages in the page cache, and how many of them are dirty or under writeback
    /// (Linux's `cachestat`, through Python's ctypes: Swift cannot call the variadic `syscall`).
    private func dirtyPages(of url: URL) throws -> (cached: Int, dirty: Int, writeback: Int) {
        let script = """
        import ctypes, os, sys
        class Range(ctypes.Structure): _fields_ = [("off", ctypes.c_uint64), ("len", ctypes.c_uint64)]
        class Stat(ctypes.Structure): _fields_ = [(n, ctypes.c_uint64) for n in ("cache", "dirty", "writeback", "evicted", "recent")]
        libc = ctypes.CDLL(None, use_errno=True)
        fd = os.open(sys.argv[1], os.O_RDONLY)
        stat = Stat()
        if libc.syscall(451, fd, ctypes.byref(Range(0, 0)), ctypes.byref(stat), 0) != 0:
            sys.exit("cachestat failed: " + os.strerror(ctypes.get_errno()))
        print(stat.cache, stat.dirty, stat.writeback)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if failure.contains("cachestat failed: Function not implemented") {
            throw XCTSkip("this kernel has no cachestat (Linux 6.5 or later), so dirty pages cannot be counted")
        }
        let numbers = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard process.terminationStatus == 0, numbers.count == 3 else { throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: failure]) }
        return (numbers[0], numbers[1], numbers[2])
    }
}
