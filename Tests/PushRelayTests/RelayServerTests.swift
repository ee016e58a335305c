import Foundation
import LoopbackTestSupport
import PushRelay
import XCTest

/// The relay over real loopback sockets: answers, limits, errors, streams and slow clients.
final class RelayServerTests: XCTestCase {
    private var relay: RelayTestServer!

    override func tearDown() {
        relay?.stop()
    }

    func testSendAnswers201WithTheRateLimitsHomeAssistantParses() async throws {
        relay = try RelayTestServer()
        let device = try await relay.register()
        let (status, body) = try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: device.token, message: "hello"))
        XCTAssertEqual(status, 201)
        let limits = try XCTUnwrap(body["rateLimits"] as? [String: Any])
        XCTAssertEqual(limits["successful"] as? Int, 1)
        XCTAssertEqual(limits["errors"] as? Int, 0)
        XCTAssertEqual(limits["maximum"] as? Int, 1000)
        XCTAssertEqual(limits["remaining"] as? Int, 999)
        let resetsAt = try XCTUnwrap(limits["resetsAt"] as? String)
        XCTAssertNotNil(ISO8601DateFormatter().date(from: resetsAt))
        XCTAssertTrue(resetsAt.hasSuffix("T00:00:00Z"), resetsAt)
        let (checked, check) = try await relay.request("POST", "/rate_limits/check", body: #"{"push_token":"\#(device.token)"}"#)
        XCTAssertEqual(checked, 200)
        XCTAssertEqual((check["rateLimits"] as? [String: Any])?["successful"] as? Int, 1)
    }

    func testConcurrentSendsAreAllAnsweredAfterTheyAreStoredAndSurviveARestart() async throws {
        relay = try RelayTestServer()
        let relay = relay!
        var tokens: [String] = []
        for _ in 0..<4 { tokens.append(try await relay.register().token) }
        let devices = tokens
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<120 {
                group.addTask {
                    try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: devices[index % 4], message: "n\(index)")).0
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        XCTAssertEqual(statuses, Array(repeating: 201, count: 120))
        relay.stopKeepingFiles()
        self.relay = try RelayTestServer(folder: relay.folder)
        let (_, metrics) = try await self.relay.request("GET", "/metrics")
        XCTAssertTrue((metrics["text"] as? String)?.contains("push_relay_queue_depth 120") ?? false, "\(metrics)")
        let (_, check) = try await self.relay.request("POST", "/rate_limits/check", body: #"{"push_token":"\#(devices[1])"}"#)
        XCTAssertEqual((check["rateLimits"] as? [String: Any])?["successful"] as? Int, 30, "the counts were written on stop")
    }

    func testASecondRelayOnTheSameFileIsSentToRedis() throws {
        relay = try RelayTestServer()
        XCTAssertThrowsError(try RelayTestServer(folder: relay.folder)) { error in
            XCTAssertTrue("\(error)".contains("in use by another relay process"), "\(error)")
            XCTAssertTrue("\(error)".contains("PUSH_RELAY_REDIS_URL"), "\(error)")
        }
    }

    func testTheDailyLimitIsExactAndAnswers429() async throws {
        relay = try RelayTestServer(dailyLimit: 3)
        let (busy, quiet) = (try await relay.register().token, try await relay.register().token)
        for _ in 0..<3 {
            let (status, _) = try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: busy, message: "m"))
            XCTAssertEqual(status, 201)
        }
        let (status, body) = try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: busy, message: "m"))
        XCTAssertEqual(status, 429)
        XCTAssertTrue((body["message"] as? String)?.contains("resets at 00:00 UTC") ?? false)
        XCTAssertEqual((body["rateLimits"] as? [String: Any])?["remaining"] as? Int, 0)
        let (other, _) = try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: quiet, message: "m"))
        XCTAssertEqual(other, 201, "limits are per token")
    }

    func testEveryErrorIsJSONThatSaysWhatWasWrong() async throws {
        relay = try RelayTestServer()
        let cases: [(String, String, String?, Int, String)] = [
            ("POST", "/push/send", "{broken", 400, "the body is not valid JSON"),
            ("POST", "/push/send", RelayTestServer.push(token: "t", message: "m", appID: "com.example.other"), 406, "app id com.example.other is not allowed"),
            ("GET", "/push/send", nil, 405, "/push/send takes POST"),
            ("GET", "/nowhere", nil, 404, "no endpoint /nowhere"),
            ("POST", "/rate_limits/check", "{}", 400, "push_token is missing"),
            ("POST", "/push/send", String(repeating: "x", count: 70_000), 413, "the body is larger than 65536 bytes"),
        ]
        for (method, path, body, expected, message) in cases {
            let (status, answer) = try await relay.request(method, path, body: body)
            XCTAssertEqual(status, expected, "\(method) \(path)")
            XCTAssertTrue((answer["message"] as? String)?.hasPrefix(message) ?? false, "\(answer) for \(method) \(path)")
        }
        let (health, ok) = try await relay.request("GET", "/healthz")
        XCTAssertEqual(health, 200)
        XCTAssertEqual(ok["status"] as? String, "ok")
        let (_, metrics) = try await relay.request("GET", "/metrics")
        let text = try XCTUnwrap(metrics["text"] as? String)
        XCTAssertTrue(text.contains("push_relay_requests_total{status=\"413\"} 1"), text)
        XCTAssertTrue(text.contains("push_relay_queue_depth 0"), text)
    }

    func testALargeDeclaredBodyIsRefusedBeforeItIsSent() throws {
        relay = try RelayTestServer()
        let connection = try RawConnection(port: relay.port)
        connection.send("POST /push/send HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{")
        let answer = connection.read(until: "}", timeout: 5)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 413"), answer)
    }

    func testQueuedNotificationsArriveInOrderWhenTheClientConnectsThenLiveOnes() async throws {
        relay = try RelayTestServer()
        let device = try await relay.register()
        for number in 1...3 {
            let (status, body) = try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: device.token, message: "queued \(number)"))
            XCTAssertEqual(status, 201)
            XCTAssertEqual(body["message"] as? String, "queued for the client")
        }
        let (_, metrics) = try await relay.request("GET", "/metrics")
        XCTAssertTrue((metrics["text"] as? String)?.contains("push_relay_queue_depth 3") ?? false)
        let stream = try RawConnection(port: relay.port)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        var seen = stream.read(until: "queued 3", timeout: 5)
        let (status, body) = try await relay.request("POST", "/push/send", body: RelayTestServer.push(token: device.token, message: "live"))
        XCTAssertEqual(status, 201)
        XCTAssertEqual(body["message"] as? String, "delivered")
        seen += stream.read(until: "live", timeout: 5)
        XCTAssertTrue(seen.contains("text/event-stream"), seen)
        let order = ["queued 1", "queued 2", "queued 3", "live"].map { seen.range(of: $0)?.lowerBound }
        XCTAssertFalse(order.contains(nil), seen)
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "in order: \(seen)")
    }

    func testASlowClientDoesNotBlockOthersAndIsClosedAfterTheTimeout() async throws {
        relay = try RelayTestServer(timeout: 3)
        // Slowloris: many connections that send part of a request head and never finish it.
        let slow = try (0..<20).map { _ in try RawConnection(port: relay.port) }
        for connection in slow { connection.send("POST /push/send HTTP/1.1\r\nHo") }
        for _ in 0..<10 {
            let (status, _) = try await relay.request("GET", "/healthz")
            XCTAssertEqual(status, 200)
        }
        XCTAssertTrue(slow.allSatisfy(\.isOpen), "others were answered while every slow connection was still waiting")
        let closed = slow[0].read(until: nil, timeout: 10)
        XCTAssertFalse(closed.contains("HTTP/1.1 2"), "the unfinished request was never answered: \(closed)")
        XCTAssertFalse(slow[0].isOpen, "the server closed it after the timeout")
    }
}
