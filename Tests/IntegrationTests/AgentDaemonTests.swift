import Foundation
import XCTest

/// `home agent` as a process: it reports the enabled sensors on its own and stops cleanly on SIGTERM.
final class AgentDaemonTests: XCTestCase {
    func testReportsUntilSIGTERMThenStopsCleanly() throws {
        let server = try IntegrationEnvironment.require()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agent-daemon-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let home = HomeProcess(root: root)
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        XCTAssertEqual(try home.run(["sensors", "enable", "agent_version"]).0, 0)

        let (agent, log) = try home.start(["agent", "--interval", "1"])
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("registered agent_version") && Date() < deadline {
            text += String(decoding: log.fileHandleForReading.availableData, as: UTF8.self)
        }
        XCTAssertTrue(text.contains("registered agent_version"), text)
        kill(agent.processIdentifier, SIGTERM)
        agent.waitUntilExit()
        text += String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(agent.terminationStatus, 0, text)
        XCTAssertTrue(text.hasSuffix("agent: stopped\n"), text)
        let device = DeviceInfoName.current
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }
    }
}
