@testable import WindowBridge
import Essentials
import Foundation
import Synchronization
import XCTest

/// The bridge's answers, without a window: every token request is answered (false when there is
/// no token), `config/get` carries only what works, and an unknown message gets an error once logged.
final class FrontendBridgeTests: XCTestCase {
    private final class Recorder: WindowActions, @unchecked Sendable {
        let calls = Mutex<[PageCall]>([])
        let events = Mutex<[String]>([])
        func connectionChanged(_ state: String) { events.withLock { $0.append("connection \(state)") } }
        func themeChanged() { events.withLock { $0.append("theme") } }
        func showSettings() { events.withLock { $0.append("settings") } }
        func importThreadCredentials() { events.withLock { $0.append("thread import") } }
        func commissionMatter() { events.withLock { $0.append("matter commission") } }
        func signedOut() { events.withLock { $0.append("signed out") } }
    }

    private final class FixedSession: WindowSession {
        let server = URL(fileURLWithPath: "/")
        let token: ExternalToken?
        let forced = Mutex<[Bool]>([])
        init(token: ExternalToken?) { self.token = token }
        func externalToken(force: Bool) async -> ExternalToken? {
            forced.withLock { $0.append(force) }
            return token
        }
        func signOut() async throws {}
    }

    private func bridge(
        _ session: any WindowSession, _ recorder: Recorder, capabilities: FrontendCapabilities = FrontendCapabilities(),
        settling: (@Sendable () async -> FrontendCapabilities)? = nil
    ) -> FrontendBridge {
        FrontendBridge(session: session, capabilities: capabilities, settling: settling, actions: recorder, logger: Logger(label: "test", level: .error) { _ in }) { call in
            recorder.calls.withLock { $0.append(call) }
        }
    }

    private func waitForCalls(_ recorder: Recorder, count: Int) async throws {
        let deadline = Date().addingTimeInterval(5)
        while recorder.calls.withLock({ $0.count }) < count, Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
    }

    func testATokenRequestIsAnsweredWithTheTokenAndItsLifetime() async throws {
        let recorder = Recorder()
        let session = FixedSession(token: ExternalToken(accessToken: "abc", expiresIn: 1_799))
        bridge(session, recorder).receive(handler: "getExternalAuth", json: #"{"callback":"externalAuthSetToken","force":true}"#)
        try await waitForCalls(recorder, count: 1)
        XCTAssertEqual(recorder.calls.withLock { $0 }, [
            .answer("externalAuthSetToken", success: true, data: .object(["access_token": .string("abc"), "expires_in": .integer(1_799)])),
        ])
        XCTAssertEqual(session.forced.withLock { $0 }, [true])
    }

    func testWithNoTokenTheRequestIsStillAnsweredFalse() async throws {
        let recorder = Recorder()
        bridge(FixedSession(token: nil), recorder).receive(handler: "getExternalAuth", json: #"{"callback":"externalAuthSetToken"}"#)
        try await waitForCalls(recorder, count: 1)
        XCTAssertEqual(recorder.calls.withLock { $0 }, [.answer("externalAuthSetToken", success: false)])
    }

    func testConfigGetSaysOnlyWhatWorks() async throws {
        let recorder = Recorder()
        bridge(FixedSession(token: nil), recorder).receive(handler: "externalBus", json: #"{"type":"config/get","id":1}"#)
        try await waitForCalls(recorder, count: 1)
        let call = try XCTUnwrap(recorder.calls.withLock { $0.first })
        let result = try XCTUnwrap(call.message.objectValue?["result"]?.objectValue)
        XCTAssertEqual(call.message.objectValue?["id"], .integer(1))
        XCTAssertEqual(call.message.objectValue?["success"], .bool(true))
        XCTAssertEqual(result["hasSettingsScreen"], .bool(false))
        XCTAssertEqual(result["canCommissionMatter"], .bool(false))
    }

    func testMatterCommissioningIsOfferedAndAskedOnlyWhenTheWindowCanDoIt() async throws {
        let recorder = Recorder()
        let offering = bridge(FixedSession(token: nil), recorder, capabilities: FrontendCapabilities(matterCommissioning: true))
        offering.receive(handler: "externalBus", json: #"{"type":"config/get","id":1}"#)
        try await waitForCalls(recorder, count: 1)
        let result = try XCTUnwrap(recorder.calls.withLock { $0.first }?.message.objectValue?["result"]?.objectValue)
        XCTAssertEqual(result["canCommissionMatter"], .bool(true))
        offering.receive(handler: "externalBus", json: #"{"type":"matter/commission"}"#)
        XCTAssertEqual(recorder.events.withLock { $0 }, ["matter commission"], "the frontend fires it without an id")
        let declining = Recorder()
        bridge(FixedSession(token: nil), declining).receive(handler: "externalBus", json: #"{"type":"matter/commission","id":7}"#)
        XCTAssertEqual(declining.events.withLock { $0 }, [])
        XCTAssertEqual(declining.calls.withLock { $0 }.first?.message.objectValue?["success"], .bool(false))
    }

    func testWhatTheServerDecidesIsFoundWhileThePageLoadsAndConfigGetWaitsForIt() async throws {
        let recorder = Recorder()
        let asked = Mutex(false)
        let gate = AsyncStream<Void>.makeStream()
        let bridge = bridge(FixedSession(token: nil), recorder, capabilities: FrontendCapabilities(settingsScreen: true)) {
            asked.withLock { $0 = true }
            for await _ in gate.stream { break }
            return FrontendCapabilities(settingsScreen: true, matterCommissioning: true)
        }
        let deadline = Date().addingTimeInterval(5)
        while !asked.withLock({ $0 }), Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        XCTAssertTrue(asked.withLock { $0 }, "the question is asked as the bridge is made, before the page asks")
        bridge.receive(handler: "externalBus", json: #"{"type":"config/get","id":1}"#)
        bridge.receive(handler: "externalBus", json: #"{"type":"matter/commission","id":2}"#)
        try await waitForCalls(recorder, count: 1)
        XCTAssertEqual(recorder.calls.withLock { $0 }.map { $0.message.objectValue?["id"] }, [.integer(2)], "config/get waits; until then Matter is not offered")
        gate.continuation.yield()
        try await waitForCalls(recorder, count: 2)
        let result = try XCTUnwrap(recorder.calls.withLock { $0.last }?.message.objectValue?["result"]?.objectValue)
        XCTAssertEqual(result["canCommissionMatter"], .bool(true))
        XCTAssertEqual(result["hasSettingsScreen"], .bool(true))
        bridge.receive(handler: "externalBus", json: #"{"type":"matter/commission"}"#)
        XCTAssertEqual(recorder.events.withLock { $0 }, ["matter commission"])
    }

    func testEventsReachTheWindowAndUnknownMessagesGetAnError() throws {
        let recorder = Recorder()
        let bridge = bridge(FixedSession(token: nil), recorder)
        bridge.receive(handler: "externalBus", json: #"{"type":"connection-status","id":2,"payload":{"event":"connected"}}"#)
        bridge.receive(handler: "externalBus", json: #"{"type":"theme-update","id":3}"#)
        bridge.receive(handler: "externalBus", json: #"{"type":"haptic","id":4,"payload":{"hapticType":"light"}}"#)
        bridge.receive(handler: "externalBus", json: #"{"type":"config_screen/show","id":5}"#)
        bridge.receive(handler: "externalBus", json: #"{"type":"bar_code/scan","id":6}"#)
        XCTAssertEqual(recorder.events.withLock { $0 }, ["connection connected", "theme"])
        let answers = recorder.calls.withLock { $0 }.compactMap(\.message.objectValue)
        XCTAssertEqual(answers.map { $0["id"] }, [.integer(5), .integer(6)], "a settings screen this build lacks is refused too")
        XCTAssertEqual(answers.map { $0["success"] }, [.bool(false), .bool(false)])
        XCTAssertEqual(answers.last?["error"]?.objectValue?["code"], .string("not_supported"))
    }

    func testCommandsToTheFrontendAreNumberedApartFromItsOwn() {
        let recorder = Recorder()
        let bridge = bridge(FixedSession(token: nil), recorder)
        bridge.send(command: "restart")
        bridge.send(command: "sidebar/toggle")
        let messages = recorder.calls.withLock { $0 }.compactMap(\.message.objectValue)
        XCTAssertEqual(messages.map { $0["command"] }, [.string("restart"), .string("sidebar/toggle")])
        XCTAssertEqual(messages.map { $0["type"] }, [.string("command"), .string("command")])
        XCTAssertNotEqual(messages[0]["id"], messages[1]["id"])
    }

    func testACommandTheFrontendIsNotReadyForIsSentAgain() async throws {
        let recorder = Recorder()
        let bridge = bridge(FixedSession(token: nil), recorder)
        bridge.send(command: "restart")
        let first = try XCTUnwrap(recorder.calls.withLock { $0.first }?.message.objectValue?["id"])
        bridge.receive(handler: "externalBus", json: #"{"id":\#(try JSONSerializer.string(first)),"type":"result","success":false,"error":{"code":"not_ready","message":"Command handler not ready"}}"#)
        try await waitForCalls(recorder, count: 2)
        let again = try XCTUnwrap(recorder.calls.withLock { $0.last }?.message.objectValue)
        XCTAssertEqual(again["command"], .string("restart"))
        XCTAssertNotEqual(again["id"], first)
        bridge.receive(handler: "externalBus", json: #"{"id":\#(try JSONSerializer.string(again["id"] ?? .null)),"type":"result","success":false,"error":{"code":"not_allowed"}}"#)
        try await Task.sleep(nanoseconds: 700_000_000)
        XCTAssertEqual(recorder.calls.withLock { $0.count }, 2, "another refusal is final")
    }

    func testValuesReachThePageAsJSONNotCode() throws {
        let call = PageCall.answer("externalAuthSetToken", success: true, data: .object(["access_token": .string("'); alert(1); ('")]))
        XCTAssertFalse(call.body.contains("alert"), "the body is fixed; values travel in the message")
        XCTAssertTrue(try JSONSerializer.string(call.message).contains("alert(1)"))
    }
}
