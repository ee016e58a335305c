import Foundation
import LoopbackTestSupport
import XCTest

/// `home agent --relay`: the agent registers with the relay (which issues its push token and
/// stream secret), holds the relay's stream besides the local push channel, and shows what Home
/// Assistant sends through the relay, including what was queued while it was away; killed
/// mid-stream, it loses nothing and shows nothing twice.
final class AgentRelayChannelTests: XCTestCase {
    /// POSTs Home Assistant's body for `token` to the relay, as the mobile_app notify platform does.
    private func post(_ relay: RelayProcess, token: String, message: String, title: String? = nil) throws -> String {
        let body = #"{"push_token":"\#(token)","registration_info":{"app_id":"io.homecompanion.linux","app_version":"1","os_version":"12"},"#
            + (title.map { #""title":"\#($0)","# } ?? "") + #""message":"\#(message)"}"#
        let connection = try RawConnection(port: relay.port)
        connection.send("POST /push/send HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        return connection.read(until: nil, timeout: 5)
    }

    /// Reads `log` until `text` appears or `seconds` pass (a read waits only while time is left).
    private func waitFor(_ text: String, in log: Pipe, collected: inout String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var readable = pollfd(fd: log.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !collected.contains(text), case let left = deadline.timeIntervalSinceNow, left > 0 {
            guard poll(&readable, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let data = log.fileHandleForReading.availableData
            if data.isEmpty { break }
            collected += String(decoding: data, as: UTF8.self)
        }
        return collected.contains(text)
    }

    /// The push token and stream secret in the relay credentials under `root`, and checks the file is 0600.
    private func relayCredentials(in root: URL) throws -> (token: String, secret: String) {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let file = try XCTUnwrap(files.first { $0.lastPathComponent == "relay.json" }, "relay.json under \(root.path)")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        return (try XCTUnwrap(object["pushToken"] as? String), try XCTUnwrap(object["streamSecret"] as? String))
    }

    /// Signs a fresh `home` in to the test server and registers its agent with a fresh relay; the
    /// relay, the folder and the server's device entry go when the test ends.
    private func registeredAgent(_ name: String) throws -> (relay: RelayProcess, root: URL, home: HomeProcess, output: String, token: String, secret: String) {
        let server = try IntegrationEnvironment.require()
        let relay = try RelayProcess()
        addTeardownBlock { relay.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agent-relay-\(name)-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let home = HomeProcess(root: root)
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let (registered, output) = try home.run(["agent", "register", "--relay", "http://127.0.0.1:\(relay.port)/push/send"])
        XCTAssertEqual(registered, 0, output)
        let device = DeviceInfoName.current
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }
        let credentials = try relayCredentials(in: root)
        return (relay, root, home, output, credentials.token, credentials.secret)
    }

    func testAnAgentKilledMidStreamLosesNothingAndShowsNothingTwice() throws {
        let (relay, _, home, _, token, _) = try registeredAgent("kill")
        let count = 60
        for number in 1...count { XCTAssertTrue(try post(relay, token: token, message: "burst \(number)").hasPrefix("HTTP/1.1 201")) }

        let (first, firstLog) = try home.start(["agent", "--interval", "30"])
        var text = ""
        XCTAssertTrue(waitFor(": burst 5\n", in: firstLog, collected: &text), text)
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()

        let (second, secondLog) = try home.start(["agent", "--interval", "30"])
        var rest = ""
        XCTAssertTrue(waitFor(": burst \(count)\n", in: secondLog, collected: &rest), rest)
        kill(second.processIdentifier, SIGTERM)
        second.waitUntilExit()
        let (status, history) = try home.run(["notifications", "--json", "--limit", "500"])
        XCTAssertEqual(status, 0, history)
        let messages = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]]).compactMap { $0["message"] as? String }
        XCTAssertEqual(messages.sorted(), (1...count).map { "burst \($0)" }.sorted(), "every notification once: \(messages)")
    }

    func testAPlainHTTPRelayOnAnotherMachineIsRefused() throws {
        let server = try IntegrationEnvironment.require()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agent-relay-cleartext-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = HomeProcess(root: root)
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        // 192.0.2.1 is a documentation address: nothing there answers, and nothing is tried.
        let (status, output) = try home.run(["agent", "register", "--relay", "http://192.0.2.1:8080/push/send"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("its stream secret would travel in clear text; use https://"), output)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        XCTAssertFalse(files.contains { $0.lastPathComponent == "relay.json" }, "no credentials were asked for")
    }

    func testForgettingTheRelayUnregistersThisMachineThere() throws {
        let (relay, root, home, _, token, _) = try registeredAgent("forget")
        XCTAssertTrue(try post(relay, token: token, message: "known").hasPrefix("HTTP/1.1 201"))
        let (status, output) = try home.run(["agent", "register", "--relay", "none"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(try post(relay, token: token, message: "forgotten").hasPrefix("HTTP/1.1 404"), "the relay no longer takes the token")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        XCTAssertFalse(files.contains { $0.lastPathComponent == "relay.json" }, "the credentials are gone here too")
    }

    func testQueuedAndLiveRelayNotificationsReachTheAgent() throws {
        let (relay, _, home, output, token, secret) = try registeredAgent("live")
        XCTAssertTrue(token.hasPrefix("hcp_"), "the relay issued the token")
        XCTAssertFalse(output.contains(secret), "the stream secret is never printed")
        XCTAssertTrue(try post(relay, token: token, message: "sent while away").hasPrefix("HTTP/1.1 201"))

        let (agent, log) = try home.start(["agent", "--interval", "30"])
        var text = ""
        XCTAssertTrue(waitFor(": sent while away\n", in: log, collected: &text), text)
        XCTAssertTrue(text.contains("listening on the push relay http://127.0.0.1:\(relay.port)/push/stream"), text)
        XCTAssertTrue(try post(relay, token: token, message: "The washer is done", title: "Laundry").hasPrefix("HTTP/1.1 201"))
        XCTAssertTrue(waitFor(": Laundry: The washer is done\n", in: log, collected: &text), text)

        kill(agent.processIdentifier, SIGTERM)
        agent.waitUntilExit()
        text += String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(agent.terminationStatus, 0, text)
        XCTAssertTrue(text.hasSuffix("agent: stopped\n"), text)
        let (status, history) = try home.run(["notifications", "--json"])
        XCTAssertEqual(status, 0, history)
        XCTAssertTrue(history.contains("The washer is done") && history.contains("sent while away"), history)
    }
}
