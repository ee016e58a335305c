import CLIKit
import CLIKitTestSupport
import Essentials
import Foundation
import HomeCLI
import Networking
import XCTest

/// `home devices`, `home device`, `home rooms`, `home automations` and `home watch --devices`
/// against the real Home Assistant: tables, JSON, exit codes.
final class HomeDevicesCommandTests: XCTestCase {
    private static func home(_ server: IntegrationEnvironment, _ arguments: [String], input: [String] = []) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder(input: [server.token] + input)
        let code = await HomeApp.run(arguments + ["--server", server.url, "--token-file", "-"], console: recorder.console())
        return (code, recorder)
    }

    func testDevicesAsJSONAndATypedCommandAndItsRefusal() async throws {
        let server = try IntegrationEnvironment.require()
        let (listed, devices) = await Self.home(server, ["devices", "--json", "--type", "light"])
        XCTAssertEqual(listed, .success, devices.error)
        let parsed = try JSONParser.parse(devices.out).arrayValue ?? []
        XCTAssertEqual(parsed.count, 6, "the demo's six lights: \(devices.out.prefix(300))")
        XCTAssertTrue(parsed.allSatisfy { $0.objectValue?["type"] == .string("light") })

        let (sent, command) = await Self.home(server, ["device", "light.office_rgbw_lights", "brightness.set", "level=25"])
        XCTAssertEqual(sent, .success, command.error)
        XCTAssertEqual(command.out, "light.office_rgbw_lights: brightness.set done; now on\n")
        let (refused, refusal) = await Self.home(server, ["device", "light.office_rgbw_lights", "brightness.set", "level=140"])
        XCTAssertEqual(refused, .usage)
        XCTAssertEqual(refusal.error, "error: brightness.set: level 140 is out of range for light.office_rgbw_lights (0-100)\n")
        let (unknown, missing) = await Self.home(server, ["device", "light.nowhere"])
        XCTAssertEqual(unknown, .usage)
        XCTAssertTrue(missing.error.contains("no device or entity 'light.nowhere'"), missing.error)

        let (shown, device) = await Self.home(server, ["device", "light.office_rgbw_lights"])
        XCTAssertEqual(shown, .success, device.error)
        XCTAssertTrue(device.out.contains("    brightness: percent=25\n"), device.out)
        XCTAssertTrue(device.out.contains("    commands: on_off.on, on_off.off, on_off.toggle, brightness.set, color.set_hs\n"), device.out)
    }

    func testWatchDevicesPrintsAStateChange() async throws {
        let server = try IntegrationEnvironment.require()
        let rest = RESTClient(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        let stop = StopFlag()
        // Toggles the switch until the watcher has printed a change; stopped with a flag, not cancelled.
        let writer = Task {
            while !stop.isSet {
                _ = try? await rest.callService("switch", "toggle", data: ["entity_id": .string("switch.decorative_lights")])
                try? await Task.sleep(nanoseconds: 300_000_000)
            }
        }
        let result = await Result(catching: {
            try await within(60, "a device change printed by home watch --devices") {
                await Self.home(server, ["watch", "--devices", "--count", "1", "--json", "switch.decorative_lights"])
            }
        })
        stop.set()
        await writer.value
        let (code, output) = try result.get()
        XCTAssertEqual(code, .success, output.error)
        let change = try JSONParser.parse(output.out).objectValue ?? [:]
        XCTAssertEqual(change["change"], .string("state"))
        XCTAssertEqual(change["entity_id"], .string("switch.decorative_lights"))
        XCTAssertTrue(output.error.hasPrefix("watching "), output.error)
    }
}
