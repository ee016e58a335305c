import Agent
import Auth
import EssentialsTestSupport
import Foundation
import HomeAPI
import XCTest

/// Notifications over the real Home Assistant's local push channel: received, confirmed, kept,
/// shown; a clear_notification command runs instead of being shown.
final class LocalPushChannelTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    func testNotifyReachesTheAgentOverTheChannelAndIsConfirmed() async throws {
        let server = try IntegrationEnvironment.require()
        let test = try await TestDevice.make("channel-test", server: server, test: self)
        let home = test.home, name = test.name
        let (registration, _) = try await test.registrar().ensureRegistered()

        let connection = home.connection()
        await connection.start()
        let history = try NotificationHistory(folder: home.folders.data)
        let presenter = RecordingPresenter(), logs = LogRecorder()
        let handler = NotificationHandler(
            history: history, presenters: [presenter], handlers: ["clear_notification": ClearNotificationHandler(history: history)],
            responder: NotificationResponder { _, _ in "sent" }, server: home.server.baseURL, logger: logs.logger()
        )
        let channel = LocalPushChannel(connection: connection, webhookID: registration.response.webhookID, handler: handler, logger: logs.logger())
        let listening = Task { try? await channel.run() }
        try await within(10, "the channel to be subscribed") {
            while !logs.contains("listening for notifications") { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        let service = "mobile_app_" + name.replacingOccurrences(of: "-", with: "_")
        let notify = URL(string: server.url + "/api/services/notify/\(service)")!
        let sent = try await HTTPExchange.send("POST", notify, token: server.token, json: ["message": "Dinner is ready", "title": "Kitchen", "data": ["tag": "dinner"]])
        XCTAssertEqual(sent.status, 200, String(decoding: sent.body, as: UTF8.self))
        try await within(10, "the notification to arrive") {
            while (try history.recent()).isEmpty { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        XCTAssertEqual(presenter.notifications.map(\.message), ["Dinner is ready"])
        XCTAssertNotNil(presenter.notifications.first?.confirmID, "the server asked for a confirmation")
        XCTAssertFalse(logs.contains("could not confirm"), "\(logs.messages)")
        let record = try XCTUnwrap(try history.recent().first)
        XCTAssertEqual(record.title, "Kitchen")
        XCTAssertEqual(record.tag, "dinner")

        let cleared = try await HTTPExchange.send("POST", notify, token: server.token, json: ["message": "clear_notification", "data": ["tag": "dinner"]])
        XCTAssertEqual(cleared.status, 200)
        try await within(10, "the clear command to run") {
            while !logs.contains("cleared 1 notification(s) tagged dinner") { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        XCTAssertEqual(presenter.notifications.count, 1, "a command is not shown")
        XCTAssertNotNil(try history.recent().first?.clearedAt)
        await connection.stop()
        _ = await listening.value
    }
}
