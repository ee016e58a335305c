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

    func testWatchPrintsChangesAsTheyCome() async throws {
        let server = try IntegrationEnvironment.require()
        let rest = RESTClient(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        // Keeps changing the entity until the watcher has printed a change. It is stopped with a
        // flag, not cancelled: cancelling URLSession.data(for:) can deadlock on Linux.
        let stop = StopFlag()
        let writer = Task {
            var value = 0
            while !stop.isSet {
                value += 1
                _ = try? await rest.setState("sensor.watch_me", state: "\(value)")
                try? await Task.sleep(nanoseconds: 200_000_000)
            }
        }
        let result = await Result(catching: {
            try await within(60, "a change printed by home watch") {
                await Self.run(server, ["watch", "--count", "1", "sensor.watch_*"])
            }
        })
        stop.set()
        await writer.value
        let (code, output) = try result.get()
        XCTAssertEqual(code, .success, output.error)
        XCTAssertTrue(output.out.contains("sensor.watch_me: "), output.out)
        XCTAssertFalse(output.out.contains("(new)"), "the snapshot is not reported as changes: \(output.out)")
        XCTAssertTrue(output.error.hasPrefix("watching "), output.error)
    }
}
