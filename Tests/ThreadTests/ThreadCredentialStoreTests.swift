import Foundation
@testable import Thread
import XCTest

/// The store without a server: one entry per network, the newer active timestamp winning, links
/// per server, the file 0600, and what it refuses.
final class ThreadCredentialStoreTests: XCTestCase {
    private var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("thread-store-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func dataset(seconds: UInt64, from base: OperationalDataset? = nil) throws -> OperationalDataset {
        var generator = DatasetGenerator()
        return try (base ?? generator.make()).setting(.activeTimestamp, DatasetTimestamp(seconds: seconds).bytes)
    }

    func testOneEntryPerNetworkAndTheNewerActiveTimestampWins() throws {
        let store = try ThreadCredentialStore(folder: folder)
        let first = try dataset(seconds: 10)
        XCTAssertEqual(try store.upsert(first, source: "a").1, .added)
        XCTAssertEqual(try store.upsert(first, source: "a").1, .unchanged)
        XCTAssertEqual(try store.upsert(try dataset(seconds: 9, from: first), source: "b").1, .keptStored)
        let otherChannel: UInt8 = first.channel?.channel == 26 ? 25 : 26
        XCTAssertEqual(try store.upsert(try dataset(seconds: 10, from: first).setting(.channel, [0, 0, otherChannel]), source: "b").1, .keptStored,
                       "as new is not newer (another channel, so not the same bytes)")
        let (stored, outcome) = try store.upsert(try dataset(seconds: 11, from: first), source: "c", borderAgentID: "ba")
        XCTAssertEqual(outcome, .updated)
        XCTAssertEqual(stored.source, "c")
        XCTAssertEqual(stored.borderAgentID, "ba")
        XCTAssertEqual(stored.dataset.activeTimestamp?.seconds, 11)
        XCTAssertEqual(try store.all().count, 1)
        XCTAssertEqual(try store.dataset(String(stored.id.prefix(5)))?.id, stored.id, "a unique prefix finds it")
    }

    func testLinksPerServerAndTheFileIsPrivate() throws {
        let store = try ThreadCredentialStore(folder: folder)
        let (one, _) = try store.upsert(try dataset(seconds: 1), source: "a")
        let (two, _) = try store.upsert(try dataset(seconds: 1), source: "a")
        try store.replaceLinks(of: "http://a", with: [(one.id, "r1", true), (two.id, "r2", false)])
        try store.replaceLinks(of: "http://b", with: [(two.id, "x2", true)])
        XCTAssertEqual(try store.dataset(one.id)?.servers, [ServerDatasetLink(server: "http://a", remoteID: "r1", preferred: true)])
        XCTAssertEqual(try store.dataset(two.id)?.servers.map(\.server), ["http://a", "http://b"])
        try store.delete(two.id)
        XCTAssertNil(try store.dataset(two.id))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("thread.sqlite").path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(try ThreadCredentialStore(folder: folder).all().map(\.id), [one.id], "on disk")
    }

    func testForgettingAServerTakesOnlyTheKeysItAloneGave() throws {
        let store = try ThreadCredentialStore(folder: folder)
        let (given, _) = try store.upsert(try dataset(seconds: 1), source: "home-assistant:otbr")
        let (shared, _) = try store.upsert(try dataset(seconds: 1), source: "home-assistant:otbr")
        let (ours, _) = try store.upsert(try dataset(seconds: 1), source: ThreadSync.source)
        let (unlinked, _) = try store.upsert(try dataset(seconds: 1), source: "home-assistant:other")
        try store.replaceLinks(of: "http://a", with: [(given.id, "r1", true), (shared.id, "r2", false), (ours.id, "r3", false)])
        try store.replaceLinks(of: "http://b", with: [(shared.id, "x2", true)])
        XCTAssertEqual(try store.forget(server: "http://a"), 1)
        XCTAssertNil(try store.dataset(given.id), "only this server gave it")
        XCTAssertEqual(try store.dataset(shared.id)?.servers.map(\.server), ["http://b"], "another signed-in server holds it too")
        XCTAssertEqual(try store.dataset(ours.id)?.servers, [], "made here: kept, unlinked")
        XCTAssertNotNil(try store.dataset(unlinked.id), "given by no server the store knows of")
    }

    func testOnlyCompleteActiveDatasetsAreStored() throws {
        let store = try ThreadCredentialStore(folder: folder)
        XCTAssertThrowsError(try store.upsert(try OperationalDataset(hex: "01021234"), source: "a")) { error in
            XCTAssertTrue("\(error)".hasPrefix("an active dataset needs"), "\(error)")
        }
    }
}
