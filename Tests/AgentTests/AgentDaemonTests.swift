import Agent
import EssentialsTestSupport
import XCTest

/// The daemon loop on an injected clock: nothing here waits for real time.
final class AgentDaemonTests: XCTestCase {
    private let logs = LogRecorder()

    private func daemon(_ script: DaemonScript, wakeups: AgentWakeups) -> AgentDaemon {
        AgentDaemon(server: "http://ha.test", interval: 60, wakeups: wakeups, steps: script.steps, logger: logs.logger())
    }

    func testRetriesRegistrationWhileUnreachableThenReportsEveryIntervalUntilStopped() async throws {
        // The clock's sleeps end at once: each wait is one elapsed interval.
        let wakeups = AgentWakeups(sleep: { _ in })
        let script = DaemonScript(unreachableTimes: 2) { count in if count == 3 { wakeups.requestStop() } }
        try await daemon(script, wakeups: wakeups).run()
        XCTAssertEqual(script.recorded, ["register", "register", "register", "open channels", "report 1", "started", "report 2", "report 3", "close channels"])
        let lines = logs.messages
        XCTAssertEqual(lines.filter { $0.hasPrefix("cannot reach http://ha.test to register, retrying in 60 s") }.count, 2, "\(lines)")
        XCTAssertTrue(lines.contains("unchanged as 'test-machine' on http://ha.test; reporting every 60 s"), "\(lines)")
        XCTAssertEqual(lines.last, "stopped")
    }

    func testAStopWhileTheServerIsUnreachableEndsWithoutReporting() async throws {
        let wakeups = AgentWakeups(sleep: { _ in })
        wakeups.requestStop()
        let script = DaemonScript(unreachableTimes: 100)
        try await daemon(script, wakeups: wakeups).run()
        XCTAssertEqual(script.recorded, ["register"])
        XCTAssertEqual(logs.messages.last, "stopped")
    }

    func testARegistrationTheServerRefusesEndsTheDaemonWithTheError() async {
        let script = DaemonScript(refuse: true)
        do {
            try await daemon(script, wakeups: AgentWakeups(sleep: { _ in })).run()
            XCTFail("a refused registration must end the daemon")
        } catch {
            XCTAssertTrue(error is DaemonScript.Refused, "\(error)")
        }
        XCTAssertEqual(script.recorded, ["register"])
    }

    func testARevokedSessionEndsTheDaemonWithItsChannelsClosed() async {
        let script = DaemonScript(revokedAtReport: 2)
        do {
            try await daemon(script, wakeups: AgentWakeups(sleep: { _ in })).run()
            XCTFail("a revoked session must end the daemon")
        } catch {
            XCTAssertTrue(error is DaemonScript.Revoked, "\(error)")
        }
        XCTAssertEqual(script.recorded, ["register", "open channels", "report 1", "started", "report 2", "close channels"])
        XCTAssertTrue(logs.messages.contains { $0.hasPrefix("stopping: ") }, "\(logs.messages)")
    }

    func testUpdateSensorsReportsAtOnceInsteadOfWaitingForTheInterval() async throws {
        // This clock lets no interval pass within the test (its sleeps end only when a wake
        // cancels them): only the request wakes the daemon.
        let wakeups = AgentWakeups(sleep: { _ in try? await Task.sleep(for: .seconds(86_400)) })
        let handler = UpdateSensorsHandler(wakeups: wakeups)
        let notification = try XCTUnwrap(PushNotification(event: .object(["message": .string("update_sensors")])))
        let script = DaemonScript { count in
            if count == 1 {
                Task { _ = try await handler.handle(notification) }
            } else {
                wakeups.requestStop()
            }
        }
        try await daemon(script, wakeups: wakeups).run()
        XCTAssertEqual(script.recorded, ["register", "open channels", "report 1", "started", "report 2", "close channels"])
        XCTAssertTrue(logs.messages.contains("reporting now, as the server asked"))
    }

    func testAMoveToAnotherAddressClosesTheChannelsAndReturnsToRunAgainThere() async throws {
        let wakeups = AgentWakeups(sleep: { _ in try? await Task.sleep(for: .seconds(86_400)) })
        let script = DaemonScript { count in if count == 1 { wakeups.requestMove() } }
        let wake = try await daemon(script, wakeups: wakeups).run()
        XCTAssertEqual(wake, .addressChanged)
        XCTAssertEqual(script.recorded, ["register", "open channels", "report 1", "started", "close channels"])
        XCTAssertFalse(logs.messages.contains("stopped"), "a move is not a stop: \(logs.messages)")
        // While the server cannot be reached to register, a move ends the wait too; a stop wins over a move.
        let unreachable = DaemonScript(unreachableTimes: 100)
        let moving = AgentWakeups(sleep: { _ in try? await Task.sleep(for: .seconds(86_400)) })
        moving.requestMove()
        let early = try await daemon(unreachable, wakeups: moving).run()
        XCTAssertEqual(early, .addressChanged)
        XCTAssertEqual(unreachable.recorded, ["register"])
        moving.requestMove()
        moving.requestStop()
        let stopped = await moving.wait(upTo: 60)
        XCTAssertEqual(stopped, .stopRequested)
    }

    func testARequestMadeWhileNobodyWaitsWakesTheNextWait() async {
        let wakeups = AgentWakeups(sleep: { _ in })
        wakeups.requestReport()
        let first = await wakeups.wait(upTo: 60)
        let second = await wakeups.wait(upTo: 60)
        XCTAssertEqual(first, .reportRequested)
        XCTAssertEqual(second, .elapsed)
        wakeups.requestStop()
        let third = await wakeups.wait(upTo: 60)
        XCTAssertEqual(third, .stopRequested)
        let later = await wakeups.wait(upTo: 60)
        XCTAssertEqual(later, .stopRequested, "a stop wakes every later wait too")
    }
}
