import Foundation
import LoopbackTestSupport
import XCTest

/// `home agent --relay`: besides the local push channel, the agent holds the push relay's
/// stream for its token and shows what Home Assistant sends through the relay, including what
/// was queued while it was away.
final class AgentRelayChannelTests: XCTestCase {
    /// POSTs Home Assistant's body for `token` to the relay, as the mobile_app notify platform does.
    private func post(_ relay: RelayProcess, token: String, message: String, title: String? = nil) throws -> String {
        let body = #"{"push_token":"\#(token)","registration_info":{"app_id":"io.homecompanion.linux","app_version":"1","os_version":"12"},"#
            + (title.map { #""title":"\#($0)","# } ?? "") + #""message":"\#(message)"}"#
        let connection = try RawConnection(port: relay.port)
        connection.send("POST /push/send HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        return connection.read(until: nil, timeout: 5)
    }

    private func waitFor(_ text: String, in log: Pipe, collected: inout String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !collected.contains(text) && Date() < deadline {
            collected += String(decoding: log.fileHandleForReading.availableData, as: UTF8.self)
        }
        return collected.contains(text)
    }

    func testQueuedAndLiveRelayNotificationsReachTheAgent() throws {
        let server = try IntegrationEnvironment.require()
        let relay = try RelayProcess(environment: [:])
        defer { relay.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agent-relay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = HomeProcess(root: root)
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let token = "agent-relay-\(UUID().uuidString.prefix(8))"
        XCTAssertTrue(try post(relay, token: token, message: "sent while away").hasPrefix("HTTP/1.1 201"))

        let relayURL = "http://127.0.0.1:\(relay.port)/push/send"
        let (agent, log) = try home.start(["agent", "--interval", "30", "--relay", relayURL, "--relay-token", token])
        var text = ""
        XCTAssertTrue(waitFor("notification: sent while away", in: log, collected: &text), text)
        XCTAssertTrue(text.contains("listening on the push relay http://127.0.0.1:\(relay.port)/push/stream"), text)
        XCTAssertTrue(try post(relay, token: token, message: "The washer is done", title: "Laundry").hasPrefix("HTTP/1.1 201"))
        XCTAssertTrue(waitFor("notification: Laundry: The washer is done", in: log, collected: &text), text)

        kill(agent.processIdentifier, SIGTERM)
        agent.waitUntilExit()
        text += String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(agent.terminationStatus, 0, text)
        XCTAssertTrue(text.hasSuffix("agent: stopped\n"), text)
        let (status, history) = try home.run(["notifications", "--json"])
        XCTAssertEqual(status, 0, history)
        XCTAssertTrue(history.contains("The washer is done") && history.contains("sent while away"), history)
        let device = DeviceInfoName.current
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }
    }
}
