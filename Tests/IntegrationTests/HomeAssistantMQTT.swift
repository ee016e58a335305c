import Essentials
import Foundation
import XCTest

/// Home Assistant's MQTT integration pointed at a test's broker, through the config flow the
/// frontend uses (an entry from an earlier broker is removed first: one is allowed).
enum HomeAssistantMQTT {
    static func configure(_ server: IntegrationEnvironment, broker: MosquittoBroker) async throws {
        try await remove(server)
        let flows = URL(string: server.url + "/api/config/config_entries/flow")!
        let started = try await HTTPExchange.send("POST", flows, token: server.token, json: ["handler": "mqtt"]).object()
        let flow = try XCTUnwrap(started["flow_id"] as? String, "\(started)")
        let finished = try await HTTPExchange.send("POST", flows.appendingPathComponent(flow), token: server.token, json: [
            "broker": "127.0.0.1", "port": broker.port, "username": broker.username, "password": broker.password,
        ]).object()
        XCTAssertEqual(finished["type"] as? String, "create_entry", "\(finished)")
    }

    /// Removes the MQTT integration's entries.
    static func remove(_ server: IntegrationEnvironment) async throws {
        guard case .array(let entries) = try await AdminConnection(server: server).send("config_entries/get", ["domain": .string("mqtt")]) else { return }
        for entry in entries {
            guard case .string(let id)? = entry.objectValue?["entry_id"] else { continue }
            _ = try await HTTPExchange.send("DELETE", URL(string: server.url + "/api/config/config_entries/entry/\(id)")!, token: server.token)
        }
    }
}
