import EssentialsTestSupport
import Foundation
import PushRelay
import XCTest

/// Background work of the Redis store that fails has no caller to tell: it is logged and counted
/// (`push_relay_background_failures_total`), never dropped, and said once while Redis stays away.
final class RedisBackgroundFailureTests: XCTestCase {
    private var redis: RedisTestServer?

    override func tearDown() {
        redis?.stop()
    }

    func testAHealthCheckThatFailsIsLoggedOnceAndCountedEachTime() throws {
        let redis = try RedisTestServer()
        self.redis = redis
        let log = LogRecorder()
        let delivery = try RedisDelivery(pool: try RedisPool(try RedisAddress(redis.url)), ttl: 3600, logger: log.logger())
        defer { delivery.stop() }
        XCTAssertEqual(delivery.backgroundFailures, 0)

        redis.stop()
        // The check runs every 2 s: three failed checks within 10 s.
        let deadline = Date().addingTimeInterval(15)
        while delivery.backgroundFailures < 3 && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertGreaterThanOrEqual(delivery.backgroundFailures, 3, "each failed check counts")
        XCTAssertFalse(delivery.isHealthy)
        let said = log.lines.filter { $0.contains("Redis stopped answering its health check") }
        XCTAssertEqual(said.count, 1, "said once while Redis stays away: \(log.lines)")
        XCTAssertTrue(said.first?.hasPrefix("[warning] ") == true, "\(said)")
    }
}
