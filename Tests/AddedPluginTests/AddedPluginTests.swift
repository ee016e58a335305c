import CLIKit
import CLIKitTestSupport
import Essentials
import EssentialsTestSupport
import Foundation
import HomeCLI
import XCTest

/// The promise of the plugin spine: a plugin defined only in this target's files, enabled by a
/// manifest alone, adds a command and a sensor to `home` with no edit to HomeCLI, PluginHost or
/// another plugin.
final class AddedPluginTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("added-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let environment = ["HOME": root.path]
        let layout = DirectoryLayout(environment: environment)
        var world = World.failing
        world.environment = { environment }
        world.directories = { layout }
        world.now = { Date(timeIntervalSince1970: 1_800_000_000) }
        world.logger = { label in LogRecorder().logger(label: label) }
        Current = world
    }

    override func tearDownWithError() throws {
        Current = .live
        try? FileManager.default.removeItem(at: root)
    }

    private func home(_ arguments: String..., manifest: String?) async throws -> (code: ExitCode, out: String, error: String) {
        var global: [String] = []
        if let manifest {
            let url = root.appendingPathComponent("manifest.json")
            try Data(manifest.utf8).write(to: url)
            global = ["--manifest", url.path]
        }
        let recorder = ConsoleRecorder()
        let code = await HomeApp.run(global + arguments, console: recorder.console(), extraPlugins: [WeatherStationPlugin.factory])
        return (code, recorder.out, recorder.error)
    }

    private let enabling = #"{"schemaVersion": 1, "plugins": [{"id": "weather-station", "configuration": {"city": "Hamburg"}}]}"#

    func testTheManifestEnablesItsCommand() async throws {
        let ran = try await home("weather", manifest: enabling)
        XCTAssertEqual(ran.code, .success, ran.error)
        XCTAssertEqual(ran.out, "Hamburg: 21.5 °C\n")
        let help = try await home("--help", manifest: enabling)
        XCTAssertTrue(help.out.contains("\n  weather        Show the weather station's outdoor temperature. (weather-station)\n"), help.out)
    }

    func testItsSensorJoinsTheAgentsSensors() async throws {
        let listed = try await home("sensors", "--json", manifest: enabling)
        XCTAssertEqual(listed.code, .success, listed.error)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]])
        let outdoor = try XCTUnwrap(rows.first { $0["id"] as? String == "outdoor_temperature" })
        XCTAssertEqual(outdoor["state"] as? Double, 21.5)
        XCTAssertEqual(outdoor["unit"] as? String, "°C")
        XCTAssertEqual(outdoor["enabled"] as? Bool, false, "opt-in per server like the built-in sensors")
        XCTAssertTrue(rows.contains { $0["id"] as? String == "kernel" }, "the built-in sensors are still there")
    }

    func testWithoutTheManifestEntryItsCommandSaysHowToEnableIt() async throws {
        let result = try await home("weather", manifest: nil)
        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(
            result.error,
            "error: 'weather' is a command of plugin 'weather-station', which is not enabled by the manifest built-in; enable it with {\"id\": \"weather-station\", \"enabled\": true} in the manifest's plugins\n"
        )
        let help = try await home("--help", manifest: nil)
        XCTAssertFalse(help.out.contains("weather"), help.out)
    }

    func testACommandOfAPluginThatFailedToStartSaysSo() async throws {
        let result = try await home("weather", manifest: #"{"schemaVersion": 1, "plugins": [{"id": "weather-station", "configuration": {"city": ""}}]}"#)
        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(
            result.error.hasPrefix("error: 'weather' is a command of plugin 'weather-station', which did not start (failed: start failed: "),
            result.error
        )
        XCTAssertTrue(result.error.contains("the station needs a city to stand in"), result.error)
    }

    func testABadConfigurationIsRejectedWithTheKey() async throws {
        let result = try await home("weather", manifest: #"{"schemaVersion": 1, "plugins": [{"id": "weather-station", "configuration": {"town": "Kiel"}}]}"#)
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.error.contains("bad-configuration: plugin 'weather-station': configuration key 'town' is unknown; valid keys: city"), result.error)
    }
}
