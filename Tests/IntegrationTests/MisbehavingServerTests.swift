import Foundation
import Networking
import Transport
import XCTest

/// A server that authenticates and then sends garbage, an oversized message, or drops the
/// connection mid-message: a clear reason, then a reconnect, never a crash.
final class MisbehavingServerTests: XCTestCase {
    private static let peer = Result { try WebSocketPeer() }

    private func check(_ behaviour: String, expecting fragment: String) async throws {
        let peer = try Self.peer.get()
        let options = ConnectionOptions(
            webSocket: WebSocketOptions(maximumMessageSize: 1_000_000), reconnectDelay: 0.1, maximumReconnectDelay: 0.2,
            pingInterval: 0.3, pingTimeout: 0.3
        )
        let connection = HomeAssistantConnection(
            address: try ServerAddress("http://127.0.0.1:\(peer.port)/\(behaviour)"), tokenProvider: StaticTokenProvider("t"), options: options
        )
        let states = await StateRecorder(connection)
        await connection.start()
        let failed = await states.wait(timeout: 10) { state in
            if case .disconnected(let reason?) = state { reason.description.contains(fragment) } else { false }
        }
        let seen = await states.seen
        XCTAssertNotNil(failed, "\(behaviour): \(seen)")
        let seenSoFar = await states.count
        let again = await states.wait(from: seenSoFar, timeout: 10) { if case .ready = $0 { true } else { false } }
        XCTAssertNotNil(again, "\(behaviour): it reconnects")
        await connection.stop()
    }

    func testGarbage() async throws {
        try await check("ha-garbage", expecting: "invalid JSON")
    }

    func testOversizedMessage() async throws {
        try await check("ha-oversized", expecting: "1009")
    }

    func testCloseInTheMiddleOfAMessage() async throws {
        try await check("ha-midclose", expecting: "1006")
    }

    func testAServerThatStopsAnsweringPingsIsReset() async throws {
        try await check("ha-silent", expecting: "no pong within 0.3 s")
    }

    func testAServerThatNeverAsksForAuthenticationIsLeftAtTheAuthenticationTimeout() async throws {
        let peer = try Self.peer.get()
        let options = ConnectionOptions(reconnectDelay: 0.1, maximumReconnectDelay: 0.2, authenticationTimeout: 1)
        let connection = HomeAssistantConnection(
            address: try ServerAddress("http://127.0.0.1:\(peer.port)/ha-mute"), tokenProvider: StaticTokenProvider("t"), options: options
        )
        let states = await StateRecorder(connection)
        await connection.start()
        let left = await states.wait(timeout: 10) { state in
            if case .disconnected(let reason?) = state { reason.description.contains("did not complete authentication within 1.0 s") } else { false }
        }
        let seen = await states.seen
        XCTAssertNotNil(left, "\(seen)")
        await connection.stop()
    }

    func testARequestWaitsForTheRetryWindowThenFails() async throws {
        let connection = HomeAssistantConnection(
            address: try ServerAddress("http://127.0.0.1:1"), tokenProvider: StaticTokenProvider("t"),
            options: ConnectionOptions(reconnectDelay: 0.1, maximumReconnectDelay: 0.2, requestRetryWindow: 0.5)
        )
        await connection.start()
        let started = Date()
        do {
            _ = try await connection.send("get_config")
            XCTFail("a request was answered with no server")
        } catch HomeAssistantError.notReady(let waited) {
            XCTAssertEqual(waited, 0.5)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.4)
        }
        await connection.stop()
    }

    func testACoalescedFrameIsHandledItemByItemInOrderWhateverTheOrderOfItsKeys() async throws {
        let peer = try Self.peer.get()
        let options = ConnectionOptions(reconnectDelay: 0.1, maximumReconnectDelay: 0.2, pingInterval: 30, pingTimeout: 5)
        let connection = HomeAssistantConnection(
            address: try ServerAddress("http://127.0.0.1:\(peer.port)/ha-coalesced"), tokenProvider: StaticTokenProvider("t"), options: options
        )
        let states = await StateRecorder(connection)
        await connection.start()
        var updates: [SubscriptionUpdate] = []
        for try await update in await connection.subscribe("subscribe_events") {
            updates.append(update)
            if updates.count == 2 { break }
        }
        XCTAssertEqual(updates, [.subscribed, .events([.object(["n": .integer(1)]), .object(["n": .integer(2)]), .object(["n": .integer(3)])])],
                       "the result before its events, the events in order, the one of no subscription dropped")
        // A message the ready phase has no use for, coalesced after a pong, resets the connection.
        let seenSoFar = await states.count
        _ = try? await connection.send("ping")
        let reset = await states.wait(from: seenSoFar, timeout: 10) { state in
            if case .disconnected(let reason?) = state { reason.description.contains("unexpected message") } else { false }
        }
        let seen = await states.seen
        XCTAssertNotNil(reset, "\(seen)")
        await connection.stop()
    }

    func testARunIsNotSentAgainAfterAReconnectAndEndsWithTheConnection() async throws {
        let peer = try Self.peer.get()
        let options = ConnectionOptions(reconnectDelay: 0.1, maximumReconnectDelay: 0.2, pingInterval: 30, pingTimeout: 5)
        let connection = HomeAssistantConnection(
            address: try ServerAddress("http://127.0.0.1:\(peer.port)/ha-run-drop"), tokenProvider: StaticTokenProvider("t"), options: options
        )
        await connection.start()
        var updates: [SubscriptionUpdate] = []
        do {
            for try await update in await connection.run("assist_pipeline/run", ["start_stage": .string("intent")]) { updates.append(update) }
            XCTFail("the run's stream ended without an error")
        } catch HomeAssistantError.connectionLost {}
        XCTAssertEqual(updates, [.subscribed, .events([.object(["type": .string("run-start")])])])
        let runs = try await connection.send("test/runs")
        XCTAssertEqual(runs, .integer(1), "the reconnected connection did not run it again")
        await connection.stop()
    }
}
