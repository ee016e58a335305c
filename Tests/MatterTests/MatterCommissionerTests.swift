import Essentials
import Matter
import Synchronization
import XCTest

/// The commissioner's reading of Home Assistant's answers and refusals, with a scripted server.
final class MatterCommissionerTests: XCTestCase {
    /// Answers each command type from a table; a refusal for the types in `refusals`.
    private final class ScriptedServer: MatterServerConnection {
        let answers: [String: JSONValue]
        let refusals: [String: MatterServerRefusal]
        let sent = Mutex<[(String, [String: JSONValue])]>([])

        init(answers: [String: JSONValue] = [:], refusals: [String: MatterServerRefusal] = [:]) {
            self.answers = answers
            self.refusals = refusals
        }

        func send(_ type: String, _ fields: [String: JSONValue]) async throws -> JSONValue {
            sent.withLock { $0.append((type, fields)) }
            if let refusal = refusals[type] { throw refusal }
            return answers[type] ?? .null
        }
    }

    private func entry(_ state: String) -> JSONValue { .array([.object(["domain": .string("matter"), "state": .string(state)])]) }

    func testTheIntegrationMustBeThereAndRunning() async throws {
        try await MatterCommissioner(connection: ScriptedServer(answers: ["config_entries/get": entry("loaded")])).requireIntegration()
        await assertThrows(MatterCommissioningError.noIntegration) {
            try await MatterCommissioner(connection: ScriptedServer(answers: ["config_entries/get": .array([])])).requireIntegration()
        }
        await assertThrows(MatterCommissioningError.integrationNotRunning(state: "setup_retry")) {
            try await MatterCommissioner(connection: ScriptedServer(answers: ["config_entries/get": self.entry("setup_retry")])).requireIntegration()
        }
    }

    func testRefusalsAreSaidForWhatTheyAre() async {
        let server = ScriptedServer(refusals: [
            "matter/commission": MatterServerRefusal(code: "1", message: "Commission with code failed for node 3"),
            "matter/set_thread": MatterServerRefusal(code: "unknown_command", message: "Unknown command."),
            "matter/commission_on_network": MatterServerRefusal(code: "8", message: "bad args"),
        ])
        let commissioner = MatterCommissioner(connection: server)
        await assertThrows(MatterCommissioningError.commissioningFailed("Commission with code failed for node 3")) {
            try await commissioner.commission(code: "34970112332", networkOnly: false)
        }
        await assertThrows(MatterCommissioningError.noIntegration) { try await commissioner.setThread(datasetHex: "0e08") }
        await assertThrows(MatterCommissioningError.refused(code: "8", message: "bad args")) { try await commissioner.share(pin: 20_202_021, address: nil) }
        let sent = server.sent.withLock { $0 }
        XCTAssertEqual(sent.first?.1["network_only"], .bool(false), "network_only is always sent: Home Assistant's default is true")
        XCTAssertNil(sent.last?.1["ip_addr"], "no address unless given")
    }

    func testDevicesAreTheRegistrysMatterOnesWithTheirEntities() async throws {
        let devices: JSONValue = .array([
            .object(["id": .string("b"), "name": .string("Light"), "manufacturer": .string("Maker"), "identifiers": .array([.array([.string("matter"), .string("serial_1")])])]),
            .object(["id": .string("a"), "name": .string("Hue bridge"), "identifiers": .array([.array([.string("hue"), .string("x")])])]),
            .object(["id": .string("c"), "name_by_user": .string("Desk"), "name": .string("Plug"), "identifiers": .array([.array([.string("matter"), .string("deviceid_1")])])]),
            .object(["name": .string("no id"), "identifiers": .array([.array([.string("matter"), .string("deviceid_9")])])]),
            .string("not an object"),
        ])
        let entities: JSONValue = .array([
            .object(["entity_id": .string("light.light"), "device_id": .string("b")]),
            .object(["entity_id": .string("switch.desk"), "device_id": .string("c")]),
            .object(["entity_id": .string("sensor.loose")]),
        ])
        let commissioner = MatterCommissioner(connection: ScriptedServer(answers: ["config/device_registry/list": devices, "config/entity_registry/list": entities]))
        let found = try await commissioner.devices()
        XCTAssertEqual(found.map(\.name), ["Desk", "Light"])
        XCTAssertEqual(found.map(\.entities), [["switch.desk"], ["light.light"]])
        let new = try await commissioner.newDevice(besides: ["c"], within: 5)
        XCTAssertEqual(new.id, "b")
        await assertThrows(MatterCommissioningError.noNewDevice(seconds: 1)) { _ = try await commissioner.newDevice(besides: ["b", "c"], within: 1) }
    }

    private func assertThrows(_ expected: MatterCommissioningError, _ body: () async throws -> Void, line: UInt = #line) async {
        do {
            try await body()
            XCTFail("expected \(expected)", line: line)
        } catch {
            XCTAssertEqual(error as? MatterCommissioningError, expected, line: line)
        }
    }
}
