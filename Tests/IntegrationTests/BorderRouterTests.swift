import Essentials
import Foundation
import Networking
import Thread
import XCTest

/// The border router client against tools/otbr-standin.py, and the stand-in cross-checked with
/// Home Assistant's own `otbr` integration: its dataset reaches `thread/list_datasets` with the
/// router as source, and a channel migration made through our client is what the server reads.
final class BorderRouterTests: XCTestCase {
    private var standIn: BorderRouterStandIn?

    override func tearDown() {
        standIn?.stop()
    }

    func testDatasetsInHexAndJSONTheNodeAndAMigration() async throws {
        var generator = DatasetGenerator()
        let dataset = try generator.make(channel: 15, name: "Router Test")
        let standIn = try BorderRouterStandIn(dataset: dataset.hex, enabled: true)
        self.standIn = standIn
        let router = try BorderRouterClient(url: standIn.url)
        let value1 = try await router.activeDataset()
        XCTAssertEqual(value1, dataset)
        let value2 = try await router.pendingDataset()
        XCTAssertNil(value2)
        let activeJSON = try await router.activeDatasetJSON()
        let json = try XCTUnwrap(activeJSON?.objectValue)
        XCTAssertEqual(json["NetworkName"], .string("Router Test"))
        XCTAssertEqual(json["Channel"], .integer(15))
        let value3 = try await router.borderAgentID().count
        XCTAssertEqual(value3, 32)
        let value4 = try await router.extendedAddress().count
        XCTAssertEqual(value4, 16)

        let other = try generator.make(channel: 20, name: "Replacement")
        do {
            try await router.setActiveDataset(other)
            XCTFail("the router took a new active dataset while enabled")
        } catch let error as BorderRouterError {
            XCTAssertTrue(error.description.contains("409"), error.description)
        }
        try await router.setEnabled(false)
        try await router.setActiveDataset(other)
        let value5 = try await router.activeDataset()
        XCTAssertEqual(value5, other)
        var fields = json
        fields["NetworkName"] = .string("From JSON")
        try await router.setActiveDatasetJSON(.object(fields))
        let value6 = try await router.activeDataset()?.networkName
        XCTAssertEqual(value6, "From JSON")
        let value7 = try await router.activeDataset()?.extendedPANID
        XCTAssertEqual(value7, dataset.extendedPANID, "the JSON form's fields were kept")
        try await router.setEnabled(true)

        let pending = try await router.migrate(toChannel: 25, delay: 500)
        XCTAssertEqual(pending.channel?.channel, 25)
        XCTAssertEqual(pending.delayTimer, 500)
        let value8 = try await router.pendingDataset()
        XCTAssertEqual(value8, pending)
        try await within(10, "the pending dataset to become active") {
            while try await router.activeDataset()?.channel?.channel != 25 { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        let value9 = try await router.pendingDataset()
        XCTAssertNil(value9)
        let value10 = try await router.activeDataset()?.activeTimestamp?.seconds
        XCTAssertEqual(value10, 2, "one second after the old active timestamp")
    }

    func testHomeAssistantsOTBRIntegrationSeesTheStandInAndOurMigration() async throws {
        let server = try IntegrationEnvironment.require()
        var generator = DatasetGenerator()
        let dataset = try generator.make(channel: 15, name: "HA Router")
        let standIn = try BorderRouterStandIn(dataset: dataset.hex, enabled: true)
        self.standIn = standIn
        let rest = RESTClient(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        let admin = AdminConnection(server: server)
        try await removeOTBREntries(admin, server)
        let flow = try await rest.post("/api/config/config_entries/flow", body: .object(["handler": .string("otbr")]))
        let flowID = try XCTUnwrap(flow.objectValue?["flow_id"]?.stringValue, "\(flow)")
        let created = try await rest.post("/api/config/config_entries/flow/\(flowID)", body: .object(["url": .string(standIn.url)]))
        XCTAssertEqual(created.objectValue?["type"], .string("create_entry"), "\(created)")

        let xpanid = ThreadCredentialStore.identifier(of: dataset)
        let listed = try await within(30, "the router's dataset in thread/list_datasets") { () -> JSONValue in
            while true {
                let datasets = try await admin.send("thread/list_datasets").objectValue?["datasets"]?.arrayValue ?? []
                if let found = datasets.first(where: { $0.objectValue?["extended_pan_id"]?.stringValue?.lowercased() == xpanid }) { return found }
                try await Task.sleep(nanoseconds: 300_000_000)
            }
        }
        XCTAssertEqual(listed.objectValue?["source"], .string("otbr"), "the otbr integration's own source")
        XCTAssertEqual(listed.objectValue?["channel"], .integer(15))

        let router = try BorderRouterClient(url: standIn.url)
        try await router.migrate(toChannel: 22, delay: 500)
        let seen = try await within(20, "Home Assistant to read channel 22 from the router") { () -> JSONValue in
            while true {
                let info = try await admin.send("otbr/info")
                if info.objectValue?["channel"] == .integer(22) { return info }
                try await Task.sleep(nanoseconds: 300_000_000)
            }
        }
        let tlvs = try XCTUnwrap(seen.objectValue?["active_dataset_tlvs"]?.stringValue)
        XCTAssertEqual(try OperationalDataset(hex: tlvs).channel?.channel, 22, "the server reads the migrated dataset")
        try await removeOTBREntries(admin, server)
        // The router's network stays in the server's store after the entry goes; remove it unless preferred.
        if let id = listed.objectValue?["dataset_id"]?.stringValue, listed.objectValue?["preferred"] != .bool(true) {
            _ = try await admin.send("thread/delete_dataset", ["dataset_id": .string(id)])
        }
    }

    /// Removes the server's otbr config entries (one at most), so the next run can add one.
    private func removeOTBREntries(_ admin: AdminConnection, _ server: IntegrationEnvironment) async throws {
        let entries = try await admin.send("config_entries/get", ["domain": .string("otbr")]).arrayValue ?? []
        for entry in entries {
            guard let id = entry.objectValue?["entry_id"]?.stringValue, let url = URL(string: server.url + "/api/config/config_entries/entry/\(id)") else { continue }
            let deleted = try await HTTPExchange.send("DELETE", url, token: server.token)
            XCTAssertEqual(deleted.status, 200, String(decoding: deleted.body, as: UTF8.self))
        }
    }
}
