import Essentials
import Foundation
import Networking
import Thread
import XCTest

/// The Thread store against the real Home Assistant's `thread` integration: share, prefer,
/// import, delete both ways, and the newer active timestamp winning on both sides.
final class ThreadSyncTests: XCTestCase {
    private var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("thread-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func open(_ server: IntegrationEnvironment) async throws -> (ThreadSync, ThreadCredentialStore, HomeAssistantConnection) {
        let connection = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await connection.start()
        let store = try ThreadCredentialStore(folder: folder)
        return (ThreadSync(connection: connection, store: store, server: server.url), store, connection)
    }

    private func newDataset(_ name: String, seconds: UInt64 = 1) throws -> OperationalDataset {
        var generator = DatasetGenerator()
        return try generator.make(name: name).setting(.activeTimestamp, DatasetTimestamp(seconds: seconds).bytes)
    }

    func testANewNetworkIsSharedMadePreferredAndMarkedSoAfterAnImport() async throws {
        let server = try IntegrationEnvironment.require()
        let (sync, store, connection) = try await open(server)
        let (stored, outcome) = try store.upsert(try newDataset("Shared \(Int.random(in: 100...999))"), source: ThreadSync.source)
        XCTAssertEqual(outcome, .added)
        let remote = try await sync.share(stored.id)
        let listed = try await sync.serverDatasets().first { $0.id == remote }
        XCTAssertEqual(listed?.source, "HomeCompanion")
        XCTAssertEqual(listed?.extendedPANID, stored.id)
        XCTAssertEqual(listed?.networkName, stored.dataset.networkName)
        let tlv = try await connection.send("thread/get_dataset_tlv", ["dataset_id": .string(remote)]).objectValue?["tlv"]?.stringValue
        XCTAssertEqual(tlv?.lowercased(), stored.dataset.hex, "the server keeps our bytes")

        try await sync.prefer(stored.id)
        try await sync.importDatasets()
        let marked = try XCTUnwrap(try store.dataset(stored.id)?.servers.first { $0.server == server.url })
        XCTAssertTrue(marked.preferred)
        XCTAssertEqual(try store.all().filter { $0.servers.contains { $0.preferred } }.map(\.id), [stored.id], "one preferred per server")
        await connection.stop()
    }

    func testAServerSideDatasetIsImportedAndDeletesWorkBothWays() async throws {
        let server = try IntegrationEnvironment.require()
        let (sync, store, connection) = try await open(server)
        // A preferred network of our own first: the server never deletes its preferred one.
        let (anchor, _) = try store.upsert(try newDataset("Anchor"), source: ThreadSync.source)
        try await sync.prefer(anchor.id)

        let theirs = try newDataset("Theirs")
        _ = try await AdminConnection(server: server).send("thread/add_dataset_tlv", ["source": .string("test"), "tlv": .string(theirs.hex)])
        let report = try await sync.importDatasets()
        XCTAssertTrue(report.imported.contains { $0.0.hasPrefix("Theirs (") && $0.1 == .added }, "\(report)")
        let imported = try XCTUnwrap(try store.dataset(ThreadCredentialStore.identifier(of: theirs)))
        XCTAssertEqual(imported.source, "home-assistant:test")
        XCTAssertEqual(imported.dataset, theirs)

        // Deleted on the server: gone here at the next import (it came from there).
        let remote = try XCTUnwrap(imported.servers.first?.remoteID)
        _ = try await AdminConnection(server: server).send("thread/delete_dataset", ["dataset_id": .string(remote)])
        let after = try await sync.importDatasets()
        XCTAssertEqual(after.removed, ["Theirs"])
        XCTAssertNil(try store.dataset(imported.id))

        // Ours, deleted from the server through the store, stays here unless asked.
        let (ours, _) = try store.upsert(try newDataset("Ours"), source: ThreadSync.source)
        try await sync.share(ours.id)
        try await sync.delete(ours.id, locally: false)
        let value1 = try await sync.serverDatasets().contains { $0.extendedPANID == ours.id }
        XCTAssertFalse(value1)
        XCTAssertEqual(try store.dataset(ours.id)?.servers, [])
        try await sync.share(ours.id)
        try await sync.delete(ours.id, locally: true)
        XCTAssertNil(try store.dataset(ours.id))
        let value2 = try await sync.serverDatasets().contains { $0.extendedPANID == ours.id }
        XCTAssertFalse(value2)
        await connection.stop()
    }

    func testTheNewerActiveTimestampWinsOnBothSides() async throws {
        let server = try IntegrationEnvironment.require()
        let (sync, store, connection) = try await open(server)
        let older = try newDataset("Timestamps", seconds: 5)
        let newer = try older.setting(.activeTimestamp, DatasetTimestamp(seconds: 9).bytes).setting(.channel, [0, 0, 25])
        let oldest = try older.setting(.activeTimestamp, DatasetTimestamp(seconds: 3).bytes)
        let (stored, _) = try store.upsert(older, source: ThreadSync.source)
        // The server gets the newer copy: ours is replaced at the import.
        _ = try await AdminConnection(server: server).send("thread/add_dataset_tlv", ["source": .string("test"), "tlv": .string(newer.hex)])
        let report = try await sync.importDatasets()
        XCTAssertTrue(report.imported.contains { $0.0.hasPrefix("Timestamps (") && $0.1 == .updated }, "\(report)")
        XCTAssertEqual(try store.dataset(stored.id)?.dataset, newer)
        // An older copy changes neither side: the server keeps its newer one, so do we.
        XCTAssertEqual(try store.upsert(oldest, source: "test").1, .keptStored)
        _ = try await AdminConnection(server: server).send("thread/add_dataset_tlv", ["source": .string("test"), "tlv": .string(oldest.hex)])
        let remote = try XCTUnwrap(try store.dataset(stored.id)?.servers.first?.remoteID)
        let tlv = try await connection.send("thread/get_dataset_tlv", ["dataset_id": .string(remote)]).objectValue?["tlv"]?.stringValue
        XCTAssertEqual(tlv?.lowercased(), newer.hex)
        let value3 = try await sync.importDatasets().imported.first { $0.0.hasPrefix("Timestamps (") }?.1
        XCTAssertEqual(value3, .unchanged)
        try await sync.delete(stored.id, locally: true)
        await connection.stop()
    }
}
