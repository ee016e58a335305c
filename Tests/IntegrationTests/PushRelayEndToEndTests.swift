import Essentials
import Foundation
import LoopbackTestSupport
import PushRelay
import XCTest

/// The relay with the real Home Assistant: a mobile_app device whose push_url points at the
/// relay, `notify.mobile_app_<device>`, and a stream client that receives the notification.
final class PushRelayEndToEndTests: XCTestCase {
    func testHomeAssistantsNotificationReachesAStreamClientThroughTheRelay() async throws {
        let server = try IntegrationEnvironment.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-e2e-\(UUID().uuidString)")
        var configuration = RelayConfiguration(dataFolder: folder)
        configuration.http.port = 0
        let relay = try RelayServer(configuration: configuration)
        defer {
            relay.stop()
            try? FileManager.default.removeItem(at: folder)
        }
        let suffix = UUID().uuidString.prefix(6).lowercased()
        let device = "relay e2e \(suffix)"
        let registration = try await HTTPExchange.send("POST", URL(string: "http://127.0.0.1:\(relay.port)/push/register")!, json: [:]).object()
        let token = try XCTUnwrap(registration["push_token"] as? String), secret = try XCTUnwrap(registration["stream_secret"] as? String)
        let registered = try await HTTPExchange.send("POST", URL(string: server.url + "/api/mobile_app/registrations")!, token: server.token, json: [
            "device_id": "relay-e2e-\(suffix)", "app_id": "io.homecompanion.linux", "app_name": "HomeCompanion",
            "app_version": "0.1.0", "device_name": device, "manufacturer": "HomeCompanion", "model": "Relay test",
            "os_name": "Linux", "os_version": "6.1", "supports_encryption": false,
            "app_data": ["push_url": "http://127.0.0.1:\(relay.port)/push/send", "push_token": token],
        ])
        XCTAssertEqual(registered.status, 201, String(decoding: registered.body, as: UTF8.self))
        addTeardownBlock { try? await Self.removeEntry(titled: device, server: server) }

        let service = "mobile_app_relay_e2e_\(suffix)"
        try await within(30, "the notify service to appear") {
            while true {
                let services = try await HTTPExchange.send("GET", URL(string: server.url + "/api/services")!, token: server.token)
                if String(decoding: services.body, as: UTF8.self).contains("\"\(service)\"") { return }
                try await Task.sleep(nanoseconds: 200_000_000)
            }
        }
        let stream = try RawConnection(port: relay.port)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(secret)\r\n\r\n")
        XCTAssertTrue(stream.read(until: "event: ready", timeout: 5).contains("event: ready"))

        let called = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/notify/\(service)")!, token: server.token, json: [
            "message": "Hello from Home Assistant", "title": "Relay", "data": ["tag": "e2e", "group": "tests"],
        ])
        XCTAssertEqual(called.status, 200, String(decoding: called.body, as: UTF8.self))
        let received = stream.read(until: "Hello from Home Assistant", timeout: 10)
        let line = try XCTUnwrap(received.split(separator: "\n").first { $0.hasPrefix("data: {") && $0.contains("Hello") })
        let payload = try JSONParser.parse(String(line.dropFirst("data: ".count)))
        XCTAssertEqual(payload, .object([
            "type": .string("notification"), "body": .string("Hello from Home Assistant"), "title": .string("Relay"),
            "collapse_id": .string("e2e"), "thread_id": .string("tests"),
        ]))
        let check = try await HTTPExchange.send("POST", URL(string: "http://127.0.0.1:\(relay.port)/rate_limits/check")!, json: ["push_token": token])
        XCTAssertEqual((try check.object()["rateLimits"] as? [String: Any])?["successful"] as? Int, 1)
        // Home Assistant logs an error when it cannot parse the relay's answer; it logged none.
        let log = (try? String(contentsOf: URL(fileURLWithPath: server.configDirectory).deletingLastPathComponent().appendingPathComponent("hass.log"), encoding: .utf8)) ?? ""
        XCTAssertFalse(log.contains("127.0.0.1:\(relay.port)"), "Home Assistant complained about the relay")
        XCTAssertFalse(log.contains("This message is generated externally to Home Assistant"))
    }

    static func removeEntry(titled title: String, server: IntegrationEnvironment) async throws {
        let admin = AdminConnection(server: server)
        guard case .array(let entries) = try await admin.send("config_entries/get", ["domain": .string("mobile_app")]) else { return }
        for entry in entries where entry.objectValue?["title"] == .string(title) {
            guard case .string(let id)? = entry.objectValue?["entry_id"] else { continue }
            _ = try await HTTPExchange.send("DELETE", URL(string: server.url + "/api/config/config_entries/entry/\(id)")!, token: server.token)
        }
    }
}
