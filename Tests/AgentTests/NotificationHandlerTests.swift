import EssentialsTestSupport
@testable import Agent
import Essentials
import Foundation
import Synchronization
import XCTest

/// Commands go to the handler named after them, ordinary messages to the message handlers and
/// then to every presenter; a command nobody handles is logged once.
final class NotificationHandlerTests: XCTestCase {
    private var folder: URL!
    private let logs = LogRecorder()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("notification-handler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func notification(_ message: String, data: [String: JSONValue] = [:]) throws -> PushNotification {
        try XCTUnwrap(PushNotification(event: .object(["message": .string(message), "data": .object(data)])))
    }

    private func handler(_ handlers: [String: any NotificationCommandHandler], presenters: [any NotificationPresenter]) throws -> NotificationHandler {
        NotificationHandler(history: try NotificationHistory(folder: folder), presenters: presenters, handlers: handlers, responder: NotificationResponder { _, _ in "sent" }, server: URL(string: "http://homeassistant.local:8123")!, logger: logs.logger())
    }

    func testACommandGoesToItsHandlerAndIsNotShown() async throws {
        let presenter = CollectingPresenter()
        let handler = try handler(["command_greet": FixedHandler(answer: .handled("greeted"))], presenters: [presenter])
        await handler.receive(try notification("command_greet"))
        XCTAssertEqual(logs.messages, ["greeted"])
        XCTAssertTrue(presenter.shown.isEmpty)
        XCTAssertTrue(try NotificationHistory(folder: folder).recent().isEmpty, "a command is not kept as a notification")
    }

    func testACommandNobodyHandlesIsLoggedOnceWithTheReason() async throws {
        let handler = try handler([:], presenters: [])
        await handler.receive(try notification("command_screen_on"))
        await handler.receive(try notification("command_screen_on"))
        await handler.receive(try notification("clear_badge"))
        XCTAssertEqual(logs.messages, [
            "command command_screen_on: a phone's command (screen, volume, apps, Bluetooth…) that no enabled plugin performs on this Linux machine; logged once",
            "command clear_badge: no enabled plugin handles it on this machine; logged once",
        ])
    }

    func testAMessageHandlerActsBeforeTheMessageIsShownAndMayKeepItFromBeingShown() async throws {
        let first = CollectingPresenter(), second = CollectingPresenter()
        let passing = try handler(["message/audit": FixedHandler(answer: .show)], presenters: [first, second])
        await passing.receive(try notification("Dinner is ready"))
        XCTAssertEqual(first.shown, ["Dinner is ready"])
        XCTAssertEqual(second.shown, ["Dinner is ready"])

        let quiet = CollectingPresenter()
        let silencing = try handler(["message/quiet-hours": FixedHandler(answer: .handled("kept quiet"))], presenters: [quiet])
        await silencing.receive(try notification("Door open"))
        XCTAssertTrue(quiet.shown.isEmpty)
        XCTAssertEqual(logs.messages.last, "kept quiet")
        XCTAssertEqual(try NotificationHistory(folder: folder).recent().map(\.message), ["Door open", "Dinner is ready"], "both are in the history")
    }

    func testAFailingHandlerIsLoggedWithTheMessage() async throws {
        let handler = try handler(["command_boom": FixedHandler(answer: nil)], presenters: [])
        await handler.receive(try notification("command_boom"))
        XCTAssertEqual(logs.messages.count, 1)
        XCTAssertTrue(logs.messages.first?.hasPrefix("could not handle 'command_boom': ") ?? false)
    }

    func testClearNotificationClearsTheTaggedOnes() async throws {
        let history = try NotificationHistory(folder: folder)
        let handler = try handler(["clear_notification": ClearNotificationHandler(history: history)], presenters: [])
        await handler.receive(try notification("Dinner", data: ["tag": .string("dinner")]))
        await handler.receive(try notification("clear_notification", data: ["tag": .string("dinner")]))
        XCTAssertEqual(logs.messages.last, "cleared 1 notification(s) tagged dinner")
        XCTAssertNotNil(try history.recent().first?.clearedAt)
    }

    func testALocationRequestWithoutASourceSaysWhyNothingWasSent() async throws {
        let sent = Mutex(0)
        let location = LocationRequestHandler(sources: { [] }) { _, _ in
            sent.withLock { $0 += 1 }
            return "sent"
        }
        let answer = try await location.handle(try notification("request_location_update"))
        guard case .handled(let line) = answer else { return XCTFail("\(answer)") }
        XCTAssertTrue(line.hasPrefix("request_location_update: no location source plugin is enabled"), line)
        XCTAssertEqual(sent.withLock { $0 }, 0)

        let located = LocationRequestHandler(sources: { [FixedLocation()] }) { type, data in
            XCTAssertEqual(type, "update_location")
            XCTAssertEqual(data.objectValue?["gps_accuracy"], .integer(12))
            return "sent"
        }
        let answered = try await located.handle(try notification("request_location_update"))
        XCTAssertEqual(answered, .handled("request_location_update: location 53.5, 10.0 (±12 m) sent"))
    }
}
