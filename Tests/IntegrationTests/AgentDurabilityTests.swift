import Essentials
import Foundation
import Networking
import XCTest

/// Calls made while the server is away wait in the durable queue, survive the agent being killed
/// with SIGKILL, and arrive in order when the server is back. The server is "away" behind a
/// loopback proxy the test stops (the real one keeps serving the other tests).
final class AgentDurabilityTests: XCTestCase {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("agent-durable-\(UUID().uuidString)")

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    private func home(_ arguments: [String], input: String? = nil) throws -> (Int32, String) {
        try HomeProcess(root: root).run(arguments, input: input)
    }

    private func start(_ arguments: [String]) throws -> (Process, Pipe) {
        try HomeProcess(root: root).start(arguments)
    }

    func testQueuedCallsSurviveSIGKILLAndArriveInOrderWhenTheServerIsBack() async throws {
        let server = try IntegrationEnvironment.require()
        let proxy = try LoopbackProxy(target: try XCTUnwrap(URLComponents(string: server.url)?.port))
        try proxy.start()
        defer { proxy.stop() }
        XCTAssertEqual(try home(["login", proxy.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let (registered, registration) = try home(["agent", "register"])
        XCTAssertEqual(registered, 0, registration)
        let device = DeviceInfoName.current
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }

        let watcher = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await watcher.start()
        let events = await watcher.subscribe("subscribe_events", ["event_type": .string("homecompanion_durability")])
        // Subscribed long before anything is fired: the first event comes seconds later.
        let collector = Task { () throws -> [JSONValue] in
            var received: [JSONValue] = []
            for try await update in events {
                guard case .events(let batch) = update else { continue }
                received += batch.compactMap { $0.objectValue?["data"]?.objectValue?["n"] }
                if received.count >= 3 { break }
            }
            return received
        }

        proxy.stop()
        for number in 1...3 {
            let (status, output) = try home(["agent", "event", "homecompanion_durability", #"{"n": \#(number)}"#])
            XCTAssertEqual(status, 0, output)
            XCTAssertTrue(output.contains("queued until \(proxy.url) can be reached (\(number) waiting)"), output)
        }
        // The agent runs while the server is away, and is killed.
        let (agent, agentOutput) = try start(["agent", "--interval", "1"])
        try await Task.sleep(nanoseconds: 1_500_000_000)
        kill(agent.processIdentifier, SIGKILL)
        agent.waitUntilExit()
        XCTAssertEqual(agent.terminationReason, .uncaughtSignal)
        let offline = String(decoding: agentOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(offline.contains("offline: calls wait in the queue"), offline)

        // The server is back; the restarted agent delivers what waited, in order.
        try proxy.start()
        let (restarted, restartedOutput) = try start(["agent", "--interval", "1"])
        let received = try await within(40, "the queued events to arrive") { try await collector.value }
        XCTAssertEqual(received, [.integer(1), .integer(2), .integer(3)])
        kill(restarted.processIdentifier, SIGTERM)
        restarted.waitUntilExit()
        XCTAssertEqual(restarted.terminationStatus, 0, String(decoding: restartedOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        await watcher.stop()
    }
}
