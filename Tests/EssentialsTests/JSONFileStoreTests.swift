import Essentials
import Foundation
import XCTest

/// The one JSON state-file store: 0600 in a 0700 folder, whole or not at all, locked, bounded,
/// and clear about a file it cannot use.
final class JSONFileStoreTests: XCTestCase {
    private struct Counter: Codable, Equatable {
        var count: Int
        var when: Date?
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-store-\(UUID().uuidString)").appendingPathComponent("state")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    private func store(maximumSize: Int = 1 << 20) -> JSONFileStore<Counter> {
        JSONFileStore(file: folder.appendingPathComponent("counter.json"), maximumSize: maximumSize)
    }

    private func mode(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    func testNoFileIsNilAndASavedValueComesBackPrivate() throws {
        XCTAssertNil(try store().load())
        try store().save(Counter(count: 3, when: Date(timeIntervalSince1970: 1_800_000_000)))
        XCTAssertEqual(try store().load(), Counter(count: 3, when: Date(timeIntervalSince1970: 1_800_000_000)))
        XCTAssertEqual(try mode(store().file), 0o600)
        XCTAssertEqual(try mode(folder), 0o700)
    }

    func testUpdatesFromManyThreadsLoseNothingAndNilRemovesTheFile() throws {
        let store = store()
        DispatchQueue.concurrentPerform(iterations: 40) { _ in
            _ = try? store.update { value in value = Counter(count: (value?.count ?? 0) + 1) }
        }
        XCTAssertEqual(try store.load()?.count, 40)
        try store.update { value in value = nil }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.file.path))
    }

    func testAThrowingUpdateLeavesTheFileAsItWas() throws {
        let store = store()
        try store.save(Counter(count: 1))
        struct Refused: Error {}
        XCTAssertThrowsError(try store.update { value in
            value = Counter(count: 99)
            throw Refused()
        })
        XCTAssertEqual(try store.load()?.count, 1)
    }

    func testAMalformedTruncatedOrOversizedFileIsRefusedNamingIt() throws {
        let store = store(maximumSize: 64)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (bytes, malformed) in [("{\"count\": ", true), ("[1, 2]", true), (String(repeating: " ", count: 65) + "{}", false)] {
            try Data(bytes.utf8).write(to: store.file)
            XCTAssertThrowsError(try store.load()) { error in
                let failure = error as? JSONFileStoreError
                XCTAssertEqual(failure?.isMalformed, malformed, "\(bytes.prefix(12)): \(error)")
                XCTAssertTrue("\(error)".hasPrefix(store.file.path), "\(error)")
            }
        }
    }

    func testAFileOthersCanReadIsTightenedWhenRead() throws {
        let store = store()
        try store.save(Counter(count: 1))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file.path)
        _ = try store.load()
        XCTAssertEqual(try mode(store.file), 0o600)
    }
}
