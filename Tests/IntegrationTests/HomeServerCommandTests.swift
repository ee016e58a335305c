import CLIKit
import CLIKitTestSupport
import Essentials
import Foundation
import HAModels
import HomeCLI
import Networking
import XCTest

/// `home states`, `home call` and `home watch` against the real Home Assistant.
final class HomeServerCommandTests: XCTestCase {
    private func home(_ server: IntegrationEnvironment, _ arguments: String...) async -> (ExitCode, ConsoleRecorder) {
        await Self.run(server, arguments)
    }

    private static func run(_ server: IntegrationEnvironment, _ arguments: [String]) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder(input: [server.token])
        let code = await HomeApp.run(arguments + ["--server", server.url, "--token-file", "-"], console: recorder.console())
        return (code, recorder)
    }

    func testCallThenStatesShowsTheChange() async throws {
        let server = try IntegrationEnvironment.require()
        let (called, call) = await home(server, "call", "light.turn_on", "--entity", "light.ceiling_lights", "brightness=99")
        XCTAssertEqual(called, .success, call.error)
        XCTAssertTrue(call.out.contains("light.ceiling_lights: on"), call.out)
        let (listed, states) = await home(server, "states", "--json", "light.ceiling_*")
        XCTAssertEqual(listed, .success, states.error)
        let parsed = try JSONValueDecoder().decode([EntityState].self, from: Array(states.out.utf8))
        XCTAssertEqual(parsed.map(\.entityID), ["light.ceiling_lights"])
        XCTAssertEqual(parsed.first?.attributes["brightness"], .integer(99))
    }

    func testStatesAsATable() async throws {
        let server = try IntegrationEnvironment.require()
        let (code, output) = await home(server, "states", "sun.*")
        XCTAssertEqual(code, .success)
        XCTAssertTrue(output.out.hasPrefix("ENTITY   STATE\nsun.sun  "), output.out)
    }

    /// Runs `home watch ARGUMENTS` while changing `entityID` every 200 ms (once before it starts),
    /// until the watcher returns.
    private func watch(_ server: IntegrationEnvironment, changing entityID: String, _ arguments: [String]) async throws -> (ExitCode, ConsoleRecorder) {
        let rest = RESTClient(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        _ = try await rest.setState(entityID, state: "0")
        // Keeps changing the entity until the watcher has printed a change. It is stopped with a
        // flag, not cancelled: cancelling URLSession.data(for:) can deadlock on Linux.
        let stop = StopFlag()
        let writer = Task {
            var value = 0
            while !stop.isSet {
                value += 1
                _ = try? await rest.setState(entityID, state: "\(value)")
                try? await Task.sleep(nanoseconds: 200_000_000)
            }
        }
        let result = await Result(catching: {
            try await within(60, "a change printed by home watch") {
                await Self.run(server, ["watch"] + arguments)
            }
        })
        stop.set()
        await writer.value
        return try result.get()
    }

    func testWatchPrintsChangesAsTheyCome() async throws {
        let server = try IntegrationEnvironment.require()
        let (code, output) = try await watch(server, changing: "sensor.watch_me", ["--count", "1", "sensor.watch_*"])
        XCTAssertEqual(code, .success, output.error)
        XCTAssertTrue(output.out.contains("sensor.watch_me: "), output.out)
        XCTAssertFalse(output.out.contains("(new)"), "the snapshot is not reported as changes: \(output.out)")
        XCTAssertTrue(output.error.hasPrefix("watching "), output.error)
    }

    func testWatchAsJSONLinesStartsWithTheSnapshotThenChanges() async throws {
        let server = try IntegrationEnvironment.require()
        let (code, output) = try await watch(server, changing: "sensor.watch_json", ["--json", "--count", "1", "sensor.watch_json"])
        XCTAssertEqual(code, .success, output.error)
        let lines = try output.out.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        XCTAssertEqual(lines.count, 2, output.out)
        let snapshot = try XCTUnwrap(lines.first?.objectValue)
        XCTAssertEqual(snapshot["snapshot"], .bool(true))
        XCTAssertEqual(snapshot["entity_id"], .string("sensor.watch_json"))
        XCTAssertEqual(snapshot["new_state"]?.objectValue?["entity_id"], .string("sensor.watch_json"))
        let change = try XCTUnwrap(lines.last?.objectValue)
        XCTAssertNil(change["snapshot"])
        let old = try XCTUnwrap(change["old_state"]?.objectValue?["state"])
        let new = try XCTUnwrap(change["new_state"]?.objectValue?["state"])
        XCTAssertNotEqual(old, new, output.out)
    }
}
