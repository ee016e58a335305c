import Essentials
import Foundation
import XCTest

/// The out-of-tree example plugin on the extension points, against the real Home Assistant:
/// its command runs, its sensor reaches the server through `home agent`, and its handler acts
/// on a notification command the server sends.
final class ExampleGreeterAgentTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("greeter-agent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func manifest() throws -> String {
        let library = try DynamicPluginTests.library.get()
        let url = root.appendingPathComponent("manifest.json")
        try Data("""
        {"schemaVersion": 1, "plugins": [
          {"id": "example-greeter", "library": "\(library.path)", "configuration": {"salutation": "Moin"}}]}
        """.utf8).write(to: url)
        return url.path
    }

    func testTheGreetCommandComesFromTheLibrary() throws {
        let home = HomeProcess(root: root)
        let manifest = try manifest()
        let (status, output) = try home.run(["--manifest", manifest, "greet", "--shout", "Ada"])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "MOIN, ADA!\n")
        let (missing, usage) = try home.run(["--manifest", manifest, "greet"])
        XCTAssertEqual(missing, 2, usage)
        XCTAssertEqual(usage, "error: 'home greet' needs one NAME; see 'home greet --help'\n")
    }

    func testTheAgentReportsTheLibrarysSensorAndRunsItsNotificationCommand() async throws {
        let server = try IntegrationEnvironment.require()
        let home = HomeProcess(root: root)
        let manifest = try manifest()
        let device = DeviceInfoName.current
        // A registration of this machine's name that a server stopped before it saved the
        // removal would be found in its place.
        try await PushRelayEndToEndTests.removeEntry(titled: device, server: server)
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let (enabled, enabling) = try home.run(["--manifest", manifest, "sensors", "enable", "greeter_greetings"])
        XCTAssertEqual(enabled, 0, enabling)

        let (agent, log) = try home.start(["--manifest", manifest, "agent", "--interval", "1"], environment: ["HOME_LOG_LEVEL": "debug"])
        let lines = AgentLog(log)
        defer {
            kill(agent.processIdentifier, SIGKILL)
            agent.waitUntilExit()
        }
        try await lines.wait(for: "registered greeter_greetings", within: 30)
        try await lines.wait(for: "listening for notifications", within: 30)
        let entity = try await Self.greetingsEntity(server, device: device)
        let initial = try await Self.state(of: entity, server)
        XCTAssertEqual(initial, "0")

        let slug = device.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        let notify = URL(string: server.url + "/api/services/notify/mobile_app_\(slug)")!
        let sent = try await HTTPExchange.send("POST", notify, token: server.token, json: ["message": "command_greet", "data": ["name": "Ada"]])
        XCTAssertEqual(sent.status, 200, String(decoding: sent.body, as: UTF8.self))
        try await lines.wait(for: "command_greet: Moin, Ada!", within: 30)
        try await within(30, "the greeting to be counted on the server") {
            while try await Self.state(of: entity, server) != "1" { try await Task.sleep(nanoseconds: 200_000_000) }
        }

        kill(agent.processIdentifier, SIGTERM)
        agent.waitUntilExit()
        // What the agent wrote last may still be on its way through the pipe.
        try await lines.waitForEnd(within: 10)
        XCTAssertEqual(agent.terminationStatus, 0, lines.text)
        XCTAssertTrue(lines.text.contains("agent: stopped\n"), lines.text)
        // The daemon's plugins stayed up for its life and stop in the reverse of their start.
        let started = Self.pluginEvents("started", in: lines.text)
        let stopped = Self.pluginEvents("stopping", in: lines.text)
        XCTAssertEqual(started, ["example-greeter", "session", "connection", "push-channels", "linux-sensors", "location", "system-controls", "mqtt", "script-sensors", "links", "desktop-notifications", "agent"], "links opens what a clicked notification points to")
        XCTAssertEqual(stopped, started.reversed())
        XCTAssertFalse(started.contains("design-tokens"), "a plugin the agent does not need does not start")
    }

    /// The plugin ids of the host's log lines `plugin-host: WORD ID…`, in order.
    private static func pluginEvents(_ word: String, in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "plugin-host: \(word) ") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
    }

    /// The entity Home Assistant made for the greeter's sensor in this machine's registration
    /// (found in the entity registry by its config entry and unique id, not by name: an earlier
    /// registration's entity may still be there, restored and unavailable).
    private static func greetingsEntity(_ server: IntegrationEnvironment, device: String) async throws -> String {
        try await within(30, "the greeter's sensor to appear") {
            let admin = AdminConnection(server: server)
            while true {
                let entries = try await admin.send("config_entries/get", ["domain": .string("mobile_app")]).arrayValue ?? []
                let entry = entries.first { $0.objectValue?["title"] == .string(device) }?.objectValue?["entry_id"]
                let registry = try await admin.send("config/entity_registry/list").arrayValue ?? []
                let found = registry.compactMap(\.objectValue).first { fields in
                    entry != nil && fields["config_entry_id"] == entry && (fields["unique_id"]?.stringValue?.hasSuffix("greeter_greetings") ?? false)
                }
                if let id = found?["entity_id"]?.stringValue { return id }
                try await Task.sleep(nanoseconds: 200_000_000)
            }
        }
    }

    private static func state(of entity: String, _ server: IntegrationEnvironment) async throws -> String? {
        let answer = try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/\(entity)")!, token: server.token)
        return (try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["state"] as? String
    }
}
