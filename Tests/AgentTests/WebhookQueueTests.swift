import Agent
import Essentials
import Foundation
import HAModels
import Networking
import XCTest

/// The durable webhook queue without a server: coalescing, and nothing lost when sending fails.
final class WebhookQueueTests: FakeRootTestCase {
    private func unreachable() throws -> WebhookClient {
        let registration = try JSONValueDecoder().decode(
            MobileAppRegistrationResponse.self, from: try JSONParser.parse(#"{"webhook_id": "w", "secret": "\#(String(repeating: "a", count: 64))"}"#)
        )
        return try WebhookClient(server: try ServerAddress("http://127.0.0.1:9"), registration: registration)
    }

    func testTheNewestValueOfASensorReplacesTheWaitingOneInItsPlace() async throws {
        let queue = try WebhookQueue(folder: root)
        try queue.enqueue("update_sensor_states", .array([.string("cpu 1")]), key: "sensor:cpu")
        try queue.enqueue("fire_event", .object(["event_type": .string("x")]))
        try queue.enqueue("update_sensor_states", .array([.string("cpu 2")]), key: "sensor:cpu")
        XCTAssertEqual(try queue.pendingCount(), 2)
        do {
            try await queue.flush(through: try unreachable()) { _, _, _ in XCTFail("nothing can be sent") }
            XCTFail("a flush to an unreachable server succeeded")
        } catch WebhookError.transport {}
        XCTAssertEqual(try queue.pendingCount(), 2, "nothing is lost")
        let reopened = try WebhookQueue(folder: root)
        XCTAssertEqual(try reopened.pendingCount(), 2, "it is on disk")
    }

    func testAFlushLeavesItsCallsToAnotherProcessThatIsDelivering() async throws {
        let queue = try WebhookQueue(folder: root, deliveryPatience: 0.2)
        try queue.enqueue("fire_event", .object(["event_type": .string("x")]))
        let delivering = try XCTUnwrap(try FileLock.acquire(path: root.appendingPathComponent("webhooks.lock").path))
        let sent = try await queue.flush(through: try unreachable()) { _, _, _ in XCTFail("the other process sends it") }
        XCTAssertEqual(sent, 0)
        XCTAssertEqual(try queue.pendingCount(), 1, "left queued for the process delivering")
        delivering.release()
        do {
            try await queue.flush(through: try unreachable()) { _, _, _ in XCTFail("nothing can be sent") }
            XCTFail("once the lock is free the flush sends (and fails to reach the server)")
        } catch WebhookError.transport {}
    }
}
