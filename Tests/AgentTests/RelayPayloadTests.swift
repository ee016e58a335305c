import EssentialsTestSupport
@testable import Agent
import Essentials
import Foundation
import LoopbackTestSupport
import Networking
import Transport
import XCTest

/// What the push relay streams, read back as notifications in Home Assistant's terms.
final class RelayPayloadTests: XCTestCase {
    private func notification(_ json: String) throws -> PushNotification? {
        PushNotification(relayPayload: try JSONParser.parse(Array(json.utf8)))
    }

    func testANotificationKeepsItsTitleTagAndData() throws {
        let read = try XCTUnwrap(notification(#"{"type":"notification","body":"Door open","title":"Front","collapse_id":"door","thread_id":"house","data":{"x":1}}"#))
        XCTAssertEqual(read.message, "Door open")
        XCTAssertEqual(read.title, "Front")
        XCTAssertEqual(read.tag, "door")
        XCTAssertEqual(read.data["group"], .string("house"))
        XCTAssertEqual(read.data["x"], .integer(1))
        XCTAssertNil(read.confirmID)
        XCTAssertFalse(read.isCommand)
    }

    func testACommandBecomesACommandMessage() throws {
        let read = try XCTUnwrap(notification(#"{"type":"command","command":"clear_notification","collapse_id":"door"}"#))
        XCTAssertEqual(read.message, "clear_notification")
        XCTAssertEqual(read.tag, "door")
        XCTAssertTrue(read.isCommand)
    }

    func testWhatCannotBeReadHereIsNil() throws {
        XCTAssertNil(try notification(#"{"type":"encrypted","encrypted_data":"abc"}"#))
        XCTAssertNil(try notification(#"{"type":"notification"}"#), "no body")
        XCTAssertNil(try notification(#"{"body":"no type"}"#))
        XCTAssertNil(try notification(#"["not an object"]"#))
    }

    func testTheStreamIsTheRelaysSiblingOfPushSend() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-payload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let handler = NotificationHandler(history: try NotificationHistory(folder: folder), presenters: [SilentPresenter()], responder: NotificationResponder { _, _ in "sent" }, server: URL(string: "http://homeassistant.local:8123")!, logger: LogRecorder().logger())
        let relay = RelayCredentials(pushURL: "https://relay.example/push/send", pushToken: "hcp_t", streamSecret: "hcs_s")
        XCTAssertEqual(RelayPushChannel(credentials: relay, handler: handler, logger: LogRecorder().logger())?.streamURL.absoluteString, "https://relay.example/push/stream")
        let notARelay = RelayCredentials(pushURL: "https://push.example/api/notify", pushToken: "t", streamSecret: "s")
        XCTAssertNil(RelayPushChannel(credentials: notARelay, handler: handler, logger: LogRecorder().logger()))
    }

    func testANotificationTheRelayDeliversAgainIsHandledOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-dedup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = try NotificationHistory(folder: folder)
        let handler = NotificationHandler(history: history, presenters: [SilentPresenter()], responder: NotificationResponder { _, _ in "sent" }, server: URL(string: "http://homeassistant.local:8123")!, logger: LogRecorder().logger())
        let notification = try XCTUnwrap(PushNotification(relayPayload: .object(["type": .string("notification"), "body": .string("once")])))
        XCTAssertNil(handler.lastRelayDelivery())
        await handler.receive(notification, relayID: "7")
        await handler.receive(notification, relayID: "7")
        await handler.receive(notification, relayID: "8")
        XCTAssertEqual(try history.recent().map(\.message), ["once", "once"], "7 twice is shown once; 8 is another")
        XCTAssertEqual(handler.lastRelayDelivery(), "8")
        XCTAssertEqual(try NotificationHistory(folder: folder).lastRelayDelivery(), "8", "kept across restarts")
    }

    func testAnEventLargerThanThisMachineReadsIsAcknowledgedAndSkipped() async throws {
        let relay = try CannedHTTPServer(steps: [.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")])
        defer { relay.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-oversized-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = try NotificationHistory(folder: folder)
        let handler = NotificationHandler(history: history, presenters: [SilentPresenter()], responder: NotificationResponder { _, _ in "sent" }, server: URL(string: "http://homeassistant.local:8123")!, logger: LogRecorder().logger())
        let lines = LogRecorder()
        let credentials = RelayCredentials(pushURL: "http://127.0.0.1:\(relay.port)/push/send", pushToken: "hcp_t", streamSecret: "hcs_s")
        let channel = try XCTUnwrap(RelayPushChannel(credentials: credentials, handler: handler, logger: lines.logger()))
        await channel.receive(StreamEvent(name: "notification", data: "", id: "41", isOversized: true))
        XCTAssertTrue(lines.messages.contains { $0.contains("larger than this machine reads (id 41); acknowledged and skipped") }, "\(lines.messages)")
        // Acknowledgements go out soon, on their own task.
        for _ in 0..<500 where relay.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        let acknowledged = try XCTUnwrap(relay.requests.first)
        XCTAssertTrue(acknowledged.hasPrefix("POST /push/ack "), acknowledged)
        XCTAssertTrue(acknowledged.contains(#""last_id":"41""#), acknowledged)
        XCTAssertEqual(try history.recent().count, 0, "nothing shown")
    }
}
