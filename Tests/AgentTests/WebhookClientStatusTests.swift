import Agent
import Essentials
import HAModels
import LoopbackTestSupport
import Networking
import XCTest

/// What the webhook's HTTP status means: a server starting (404: no webhook endpoint yet; 502-504
/// from a proxy) is "try later"; 410 is a deleted integration.
final class WebhookClientStatusTests: XCTestCase {
    private func send(answering status: String) async throws -> JSONValue? {
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 \(status)\r\nContent-Length: 0\r\n\r\n")])
        defer { server.stop() }
        let registration = try JSONValueDecoder().decode(
            MobileAppRegistrationResponse.self, from: try JSONParser.parse(#"{"webhook_id": "w", "secret": null}"#)
        )
        let client = try WebhookClient(server: try ServerAddress("http://127.0.0.1:\(server.port)"), registration: registration)
        return try await client.send("get_config")
    }

    func testAServerThatIsStartingMeansTryLater() async throws {
        for status in ["404 Not Found", "502 Bad Gateway", "503 Service Unavailable", "504 Gateway Timeout"] {
            do {
                _ = try await send(answering: status)
                XCTFail("\(status) was taken as an answer")
            } catch WebhookError.transport(let message) {
                XCTAssertTrue(message.contains("starting or restarting"), message)
            }
        }
    }

    func testGoneAndOtherStatusesKeepTheirMeaning() async throws {
        do {
            _ = try await send(answering: "410 Gone")
            XCTFail("410 was taken as an answer")
        } catch WebhookError.gone {}
        do {
            _ = try await send(answering: "400 Bad Request")
            XCTFail("400 was taken as an answer")
        } catch WebhookError.status(let code, _) {
            XCTAssertEqual(code, 400)
        }
    }

    /// A starting server (or a deleted registration) answers the webhook with an empty 200:
    /// the queue then sends nothing and keeps every call, instead of taking them as delivered.
    func testAQueueKeepsItsCallsWhileTheWebhookAnswersNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("queue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try WebhookQueue(folder: folder)
        try queue.enqueue("fire_event", .object(["event_type": .string("soak_event")]))
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")])
        defer { server.stop() }
        let registration = try JSONValueDecoder().decode(
            MobileAppRegistrationResponse.self, from: try JSONParser.parse(#"{"webhook_id": "w", "secret": null}"#)
        )
        let client = try WebhookClient(server: try ServerAddress("http://127.0.0.1:\(server.port)"), registration: registration)
        do {
            try await queue.flush(through: client) { type, _, _ in XCTFail("\(type) was taken as delivered") }
            XCTFail("a flush through a webhook that answers nothing succeeded")
        } catch WebhookError.transport(let message) {
            XCTAssertTrue(message.contains("get_config"), message)
        }
        XCTAssertEqual(try queue.pendingCount(), 1, "the call waits")
    }
}
