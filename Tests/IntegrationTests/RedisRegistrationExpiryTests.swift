import Foundation
import PushRelay
import Synchronization
import XCTest

/// Registrations in a real Redis expire when unused, by a script that checks each again, so
/// relays sharing the Redis may expire at once; a registration from before uses were recorded
/// gets its first recorded use at the first sweep instead of expiring.
final class RedisRegistrationExpiryTests: XCTestCase {
    private var redis: RedisTestServer?

    override func tearDown() {
        redis?.stop()
    }

    private func add(_ store: RedisRegistrationStore, _ token: String, at date: Date) {
        let done = expectation(description: "added")
        store.add(tokenKey: token, secretKey: "secret-" + token, at: date) { result in
            if case .failure(let error) = result { XCTFail("\(error)") }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    /// Request threads look the same token up at once: one may find it remembered by another
    /// after it read the clock (a remembered time later than its own). That once trapped on an
    /// unsigned subtraction and brought the relay down.
    func testTokensLookedUpByManyThreadsAtOnce() throws {
        let redis = try RedisTestServer()
        self.redis = redis
        let pool = try RedisPool(try RedisAddress(redis.url))
        let store = RedisRegistrationStore(pool: pool, limit: 10_000)
        let tokens = (0..<5_000).map { "token-\($0)" }
        _ = try pool.command(["HSET", "push-relay:registrations:tokens"] + tokens.flatMap { [$0, "secret-" + $0] })
        // Sixteen threads on this machine's few cores walk the tokens in the same order: each new
        // token is looked up by several at once, and a thread is often preempted between its steps.
        let found = Mutex(0), done = DispatchGroup()
        for _ in 0..<16 {
            done.enter()
            Thread {
                let mine = tokens.filter { (try? store.isRegistered(tokenKey: $0)) == true }.count
                found.withLock { $0 += mine }
                done.leave()
            }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(found.withLock { $0 }, tokens.count * 16)
    }

    func testUnusedRegistrationsExpireOnceAcrossRelays() throws {
        let redis = try RedisTestServer()
        self.redis = redis
        let pool = try RedisPool(try RedisAddress(redis.url))
        let first = RedisRegistrationStore(pool: pool, limit: 100), second = RedisRegistrationStore(pool: pool, limit: 100)
        let start = Date().addingTimeInterval(-60 * 86_400)
        add(first, "idle", at: start)
        add(first, "busy", at: start)
        second.markUsed(tokenKey: "busy", at: start.addingTimeInterval(20 * 86_400))
        second.writeNotedUses()  // as its timer does within 10 s
        // A registration written before uses were recorded: no entry in the used hash.
        _ = try pool.command(["HSET", "push-relay:registrations:tokens", "legacy", "secret-legacy"])
        _ = try pool.command(["HSET", "push-relay:registrations:secrets", "secret-legacy", "legacy"])

        let cutoff = start.addingTimeInterval(10 * 86_400)
        XCTAssertEqual(try first.expire(unusedSince: cutoff), ["idle"])
        XCTAssertEqual(try second.expire(unusedSince: cutoff), [], "already gone; the busy one was used through the other relay")
        XCTAssertFalse(try second.isRegistered(tokenKey: "idle"))
        XCTAssertNil(try second.tokenKey(forSecret: "secret-idle"))
        XCTAssertTrue(try first.isRegistered(tokenKey: "busy"))
        XCTAssertTrue(try first.isRegistered(tokenKey: "legacy"), "given a use now rather than expired")
        XCTAssertNotNil(try pool.command(["HGET", "push-relay:registrations:used", "legacy"]).string)
        XCTAssertEqual(try first.expire(unusedSince: start.addingTimeInterval(21 * 86_400)), ["busy"])
    }
}
