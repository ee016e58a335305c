import Essentials
import EssentialsTestSupport
import Foundation
import XCTest

/// The one timeout helper, on the world's clock: the value when the work finishes first, the
/// fallback (and the hook) when the clock does.
final class TimeoutTests: XCTestCase {
    override func tearDown() {
        Current = .live
    }

    func testTheWorksValueWhenItFinishesFirst() async {
        var world = World.live
        world.sleep = { _ in try await Task.sleep(nanoseconds: 60_000_000_000) }  // the clock never comes
        Current = world
        let value = await Timeout.value(within: 1, otherwise: "late") { "done" }
        XCTAssertEqual(value, "done")
    }

    func testTheFallbackAndTheHookWhenTheClockComesFirst() async {
        var world = World.live
        world.sleep = { _ in }  // the deadline is already past
        Current = world
        let hooked = LockedFlag()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let value = await Timeout.value(within: 5, otherwise: -1, onTimeout: {
            hooked.set()
            continuation.finish()  // work that ends only when told to
        }) {
            for await number in stream { return number }
            return 0
        }
        XCTAssertEqual(value, -1)
        XCTAssertTrue(hooked.isSet)
    }

    func testADeadlineCountsOnTheMonotonicClock() {
        let clock = LockedSeconds(100)
        var world = World.live
        world.uptime = { clock.value }
        world.now = { Date(timeIntervalSince1970: 0) }  // the wall clock plays no part
        Current = world
        let deadline = Deadline(in: 10)
        XCTAssertEqual(deadline.remaining, 10)
        clock.value = 109.5
        XCTAssertFalse(deadline.hasPassed)
        clock.value = 110
        XCTAssertTrue(deadline.hasPassed)
    }

    func testTheMachinesUptimeMovesForward() {
        let first = World.machineUptime()
        Thread.sleep(forTimeInterval: 0.01)
        XCTAssertGreaterThan(World.machineUptime(), first)
    }
}
