import Foundation
@testable import Networking
import XCTest

/// The connection waits for a subscription's consumer only while it is over the limit and
/// taking events; one that takes nothing is waited on for the patience, never for ever.
final class SubscriptionBacklogTests: XCTestCase {
    func testAConsumerUnderTheLimitIsNotWaitedOn() async {
        let backlog = SubscriptionBacklog()
        backlog.added(SubscriptionBacklog.limit)
        XCTAssertFalse(backlog.isOver)
        let started = Date()
        await backlog.waitForConsumer()
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
    }

    func testTheWaitEndsWhenTheConsumerCatchesUp() async {
        let backlog = SubscriptionBacklog()
        backlog.added(SubscriptionBacklog.limit * 3)
        XCTAssertTrue(backlog.isOver)
        let consumer = Task {
            for _ in 0..<3 {
                try? await Task.sleep(nanoseconds: 100_000_000)
                backlog.taken(SubscriptionBacklog.limit)
            }
        }
        await backlog.waitForConsumer()
        XCTAssertFalse(backlog.isOver, "returned once the consumer was back under the limit")
        await consumer.value
    }

    func testAConsumerThatTakesNothingIsWaitedOnForThePatienceOnly() async {
        let backlog = SubscriptionBacklog()
        backlog.added(SubscriptionBacklog.limit + 1)
        let started = Date()
        await backlog.waitForConsumer()
        let waited = Date().timeIntervalSince(started)
        XCTAssertGreaterThanOrEqual(waited, SubscriptionBacklog.patience * 0.9)
        XCTAssertTrue(backlog.isOver, "still behind: the connection goes on rather than deadlock")
    }

    func testAnEndedSubscriptionIsNotWaitedOn() async {
        let backlog = SubscriptionBacklog()
        backlog.added(SubscriptionBacklog.limit * 10)
        let ender = Task {
            try? await Task.sleep(nanoseconds: 100_000_000)
            backlog.end()
        }
        await backlog.waitForConsumer()
        XCTAssertFalse(backlog.isOver)
        await ender.value
    }
}
