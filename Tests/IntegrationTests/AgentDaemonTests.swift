import Foundation
import XCTest

/// `home agent` as a process: it reports the enabled sensors on its own and stops cleanly on SIGTERM.
final class AgentDaemonTests: XCTestCase {
    func testReportsUntilSIGTERMThenStopsCleanly() throws {
        let server = try IntegrationEnvironment.require()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agent-daemon-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let executable = IntegrationEnvironment.repository.appendingPathComponent(".build/debug/home")
        let environment = ["HOME": root.path, "PATH": "/usr/bin:/bin"]
        func home(_ arguments: [String], input: String? = nil) throws -> Process {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = environment
            let stdin = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if let input { stdin.fileHandleForWriting.write(Data((input + "\n").utf8)) }
            try? stdin.fileHandleForWriting.close()
            return process
        }
        let login = try home(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password)
        login.waitUntilExit()
        XCTAssertEqual(login.terminationStatus, 0)
        let enable = try home(["sensors", "enable", "agent_version"])
        enable.waitUntilExit()
        XCTAssertEqual(enable.terminationStatus, 0)

        let agent = Process()
        agent.executableURL = executable
        agent.arguments = ["agent", "--interval", "1"]
        agent.environment = environment
        let log = Pipe()
        agent.standardError = log
        agent.standardOutput = FileHandle.nullDevice
        agent.standardInput = FileHandle.nullDevice
        try agent.run()
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
        let device = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }
    }
}
