import Foundation
import FoundationNetworking
import LoopbackTestSupport
import XCTest

/// Two `push-relay` processes on one real Redis: the daily limit holds exactly across them, and a
/// notification posted to one reaches a client of the other, queued ones in order.
final class RelayScaleOutTests: XCTestCase {
    private var redis: RedisTestServer!
    private var relays: [RelayProcess] = []

    override func setUpWithError() throws {
        redis = try RedisTestServer()
    }

    override func tearDown() {
        relays.forEach { $0.stop() }
        redis?.stop()
    }

    private func startRelays(dailyLimit: Int) throws -> (RelayProcess, RelayProcess) {
        let environment = ["PUSH_RELAY_REDIS_URL": redis.url, "PUSH_RELAY_DAILY_LIMIT": String(dailyLimit)]
        relays = [try RelayProcess(environment: environment), try RelayProcess(environment: environment)]
        return (relays[0], relays[1])
    }

    private static func push(_ token: String, _ message: String) -> [String: Any] {
        ["push_token": token, "registration_info": ["app_id": "io.homecompanion.linux", "app_version": "1"], "message": message]
    }

    func testTheLimitHoldsExactlyAcrossTwoProcesses() async throws {
        let (first, second) = try startRelays(dailyLimit: 25)
        let shared = try await first.register().token
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<80 {
                let url = (index.isMultiple(of: 2) ? first : second).url("/push/send")
                group.addTask { try await HTTPExchange.send("POST", url, json: Self.push(shared, "n\(index)")).status }
            }
            return try await group.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
        }
        XCTAssertEqual(statuses, [201: 25, 429: 55])
        // Redis forgets its scripts (a restart, SCRIPT FLUSH): they are sent whole again, once.
        let admin = try RawConnection(port: redis.port)
        admin.send("SCRIPT FLUSH\r\n")
        XCTAssertEqual(admin.read(until: "\r\n", timeout: 5), "+OK\r\n")
        let other = try await first.register().token
        let afterFlush = try await HTTPExchange.send("POST", second.url("/push/send"), json: Self.push(other, "after the flush"))
        XCTAssertEqual(afterFlush.status, 201, String(decoding: afterFlush.body, as: UTF8.self))
        let check = try await HTTPExchange.send("POST", second.url("/rate_limits/check"), json: ["push_token": shared])
        let limits = try XCTUnwrap(try check.object()["rateLimits"] as? [String: Any])
        XCTAssertEqual(limits["successful"] as? Int, 25)
        XCTAssertEqual(limits["remaining"] as? Int, 0)
    }

    func testPostedToOneReceivedFromTheOtherInOrderAcrossReconnects() async throws {
        let (first, second) = try startRelays(dailyLimit: 1000)
        let roaming = try await first.register(), away = try await second.register()
        for number in 1...3 {
            let sent = try await HTTPExchange.send("POST", first.url("/push/send"), json: Self.push(roaming.token, "missed \(number)"))
            XCTAssertEqual(sent.status, 201)
        }
        let client = try RawConnection(port: second.port)
        client.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(roaming.secret)\r\n\r\n")
        var seen = client.read(until: "missed 3", timeout: 5)
        let live = try await HTTPExchange.send("POST", first.url("/push/send"), json: Self.push(roaming.token, "live 4"))
        XCTAssertEqual(live.status, 201)
        seen += client.read(until: "live 4", timeout: 5)
        let order = ["missed 1", "missed 2", "missed 3", "live 4"].map { seen.range(of: $0)?.lowerBound }
        XCTAssertFalse(order.contains(nil), seen)
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), seen)

        // A client that is away: what comes meanwhile waits in Redis for a connection to either process.
        let later = try await HTTPExchange.send("POST", second.url("/push/send"), json: Self.push(away.token, "while away"))
        XCTAssertEqual(later.status, 201)
        let back = try RawConnection(port: first.port)
        back.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(away.secret)\r\n\r\n")
        XCTAssertTrue(back.read(until: "while away", timeout: 5).contains("while away"))
    }

    func testDeliveryAcrossProcessesResumesAfterRedisDropsTheSubscriber() async throws {
        let (first, second) = try startRelays(dailyLimit: 1000)
        let device = try await first.register()
        let client = try RawConnection(port: second.port)
        client.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        XCTAssertTrue(client.read(until: "event: ready", timeout: 5).contains("ready"))
        // Redis drops every subscriber connection, as it does when it restarts or an operator kills clients.
        let admin = try RawConnection(port: redis.port)
        admin.send("CLIENT KILL TYPE pubsub\r\n")
        XCTAssertTrue(admin.read(until: "\r\n", timeout: 5).hasPrefix(":"), "Redis answered with the number of clients killed")
        try await Task.sleep(nanoseconds: 300_000_000)
        let sent = try await HTTPExchange.send("POST", first.url("/push/send"), json: Self.push(device.token, "after the kill"))
        XCTAssertEqual(sent.status, 201)
        XCTAssertTrue(client.read(until: "after the kill", timeout: 10).contains("after the kill"),
            "the second relay subscribed again and took the announcement (or drained what it missed)")
    }

    func testQueuesInRedisAreCappedPerTokenAndInTotalTheFullestGivingFirst() async throws {
        let environment = ["PUSH_RELAY_REDIS_URL": redis.url, "PUSH_RELAY_QUEUE_PER_TOKEN": "3", "PUSH_RELAY_QUEUE_TOTAL": "5"]
        relays = [try RelayProcess(environment: environment)]
        let relay = relays[0]
        let flooder = try await relay.register(), away = try await relay.register(), third = try await relay.register()
        for number in 1...5 { _ = try await HTTPExchange.send("POST", relay.url("/push/send"), json: Self.push(flooder.token, "a\(number)")) }
        for number in 1...2 { _ = try await HTTPExchange.send("POST", relay.url("/push/send"), json: Self.push(away.token, "b\(number)")) }
        let last = try await HTTPExchange.send("POST", relay.url("/push/send"), json: Self.push(third.token, "c1"))
        XCTAssertEqual(last.status, 201, String(decoding: last.body, as: UTF8.self))
        let flooded = try RawConnection(port: relay.port)
        flooded.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(flooder.secret)\r\n\r\n")
        let text = flooded.read(until: "\"a5\"", timeout: 5)
        XCTAssertFalse(text.contains("\"a3\""), "a1, a2 for the token's cap, a3 for the total: \(text)")
        XCTAssertTrue(text.contains("\"a4\"") && text.contains("\"a5\""), text)
        let kept = try RawConnection(port: relay.port)
        kept.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(away.secret)\r\n\r\n")
        let awayText = kept.read(until: "\"b2\"", timeout: 5)
        XCTAssertTrue(awayText.contains("\"b1\"") && awayText.contains("\"b2\""), "the device that is away keeps its own: \(awayText)")
        try await Task.sleep(nanoseconds: 2_500_000_000)
        let metrics = String(decoding: try await HTTPExchange.send("GET", relay.url("/metrics")).body, as: UTF8.self)
        XCTAssertTrue(metrics.contains("push_relay_dropped_total 3"), metrics)
        XCTAssertTrue(metrics.contains("push_relay_queue_depth 5"), metrics)
    }

    func testADeviceUnregisteredAtOneProcessIsForgottenByBoth() async throws {
        let (first, second) = try startRelays(dailyLimit: 1000)
        let device = try await first.register()
        let sent = try await HTTPExchange.send("POST", second.url("/push/send"), json: Self.push(device.token, "queued"))
        XCTAssertEqual(sent.status, 201)
        var request = URLRequest(url: first.url("/push/register"))
        request.httpMethod = "DELETE"
        request.setValue("Bearer \(device.secret)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        let stream = try RawConnection(port: second.port)
        stream.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        XCTAssertTrue(stream.read(until: "\r\n", timeout: 5).hasPrefix("HTTP/1.1 401"), "the other process refuses the secret at once")
        let admin = try RawConnection(port: redis.port)
        admin.send("EXISTS push-relay:queue:\(try XCTUnwrap(Self.key(of: device.token)))\r\n")
        XCTAssertEqual(admin.read(until: "\r\n", timeout: 5), ":0\r\n", "what waited for it is gone")
    }

    /// The relay's key for a push token: the first 128 bits of its SHA-256, base64url.
    private static func key(of token: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import base64, hashlib, sys; print(base64.urlsafe_b64encode(hashlib.sha256(sys.argv[1].encode()).digest()[:16]).decode().rstrip('='))", token]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testHealthSaysUnhealthyWhileRedisIsAway() async throws {
        let (first, _) = try startRelays(dailyLimit: 1000)
        let healthy = try await HTTPExchange.send("GET", first.url("/healthz"))
        XCTAssertEqual(healthy.status, 200)
        redis.stop()
        var status = 200
        for _ in 0..<50 where status == 200 {
            try await Task.sleep(nanoseconds: 200_000_000)
            status = try await HTTPExchange.send("GET", first.url("/healthz")).status
        }
        XCTAssertEqual(status, 503)
        let sent = try await HTTPExchange.send("POST", first.url("/push/send"), json: Self.push("hcp_0123", "no redis"))
        XCTAssertGreaterThanOrEqual(sent.status, 500, "an answer within the Redis timeout, not a hang")
    }
}
