import CLIKit
import CLIKitTestSupport
import DBusTestSupport
import Essentials
import Foundation
import HomeCLI
import Improv
import XCTest

/// Improv over BLE through BlueZ's D-Bus API, against tools/bluez-standin.py on a private bus
/// (the devices driven by the same logic as the serial simulator, every command parsed and every
/// result built by py-improv-ble-client): discovery, a full provisioning with authorization,
/// each failure with its message and exit code, and the integration started on the real server.
final class ImprovBLETests: XCTestCase {
    private var standIn: BlueZStandIn?

    override func tearDown() {
        standIn?.stop()
    }

    private func start(_ devices: [String]) throws -> BlueZStandIn {
        _ = try IntegrationEnvironment.require()
        let standIn = try BlueZStandIn(devices: devices)
        self.standIn = standIn
        return standIn
    }

    private func home(_ arguments: [String], input: [String] = [], server: IntegrationEnvironment? = nil) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder(input: input + (server.map { [$0.token] } ?? []))
        let extra = server.map { ["--server", $0.url, "--token-file", "-"] } ?? []
        return (await HomeApp.run(arguments + extra, console: recorder.console()), recorder)
    }

    func testScanFindsOnlyImprovDevicesWithTheDiscoveryFilterSet() async throws {
        let standIn = try start(["normal", "button", "other"])
        let (code, output) = await home(["improv", "scan", "--ble", "--timeout", "1.5", "--json"])
        XCTAssertEqual(code, .success, output.error)
        let devices = try JSONParser.parse(output.out).arrayValue ?? []
        XCTAssertEqual(devices.compactMap { $0.objectValue?["name"]?.stringValue }.sorted(), ["improv-button-2", "improv-normal-1"], output.out)
        let button = devices.first { $0.objectValue?["name"] == .string("improv-button-2") }?.objectValue ?? [:]
        XCTAssertEqual(button["state"], .string("authorizationRequired"))
        XCTAssertEqual(button["address"], .string("24:0A:C4:00:00:02"))
        XCTAssertEqual(button["rssi"], .integer(-66))
        XCTAssertEqual(button["capabilities"]?.arrayValue?.count, 4)
        let log = standIn.log { $0 == "StopDiscovery" }
        XCTAssertTrue(log.contains("SetDiscoveryFilter UUIDs=['\(ImprovBLEUUID.service)'] Transport=le"), "\(log)")
        XCTAssertEqual(log.filter { $0 == "StopDiscovery" }.count, 1, "discovery is stopped afterwards: \(log)")
    }

    func testAFullProvisioningWaitsForTheButtonThenFollowsTheDevice() async throws {
        let standIn = try start(["button"])
        let (code, output) = await home(["improv", "provision", "improv-button-1", "--ssid", "HomeNet", "--password-stdin", "--timeout", "20"],
                                        input: ["correct horse"])
        XCTAssertEqual(code, .success, output.error)
        XCTAssertTrue(output.error.contains("needs authorization: press its button"), output.error)
        XCTAssertTrue(output.error.contains("… connecting to Wi-Fi") && output.error.contains("… provisioned"), output.error)
        XCTAssertTrue(output.out.contains("provisioned on HomeNet; the device is at http://192.168.1.42/?domain=esphome"), output.out)
        XCTAssertFalse((output.out + output.error).contains("correct horse"), "the password is never printed")
        let log = standIn.log { $0.hasPrefix("Disconnect") }
        let pressed = try XCTUnwrap(log.firstIndex { $0.hasPrefix("button pressed") })
        let credentials = try XCTUnwrap(log.firstIndex { $0.hasPrefix("command 0x01") })
        XCTAssertLessThan(pressed, credentials, "credentials only after authorization: \(log)")
        XCTAssertTrue(log.contains("WriteValue type=request"), "written with response: \(log)")
        XCTAssertEqual(log.last { $0.hasPrefix("Disconnect") }, "Disconnect 24:0A:C4:00:00:01", "disconnected at the end: \(log)")

        // The same flow through the library: identify, information, networks.
        let bluez = try BlueZ()
        let found = try XCTUnwrap(try ImprovBLEScanner(bluez: bluez).scan(timeout: 5) { $0.address == "24:0A:C4:00:00:01" }.first)
        let client = try ImprovBLEClient(bluez: bluez, device: found)
        defer { client.disconnect() }
        XCTAssertEqual(client.state, .provisioned)
        XCTAssertEqual(client.capabilities, [.identify, .deviceInfo, .scanNetworks, .hostname])
        try client.identify()
        XCTAssertEqual(try client.deviceInfo().name, "living-room-sensor")
        XCTAssertEqual(try client.networks().map(\.rssi), [-48, -71, -83])
        let identified = standIn.log { $0.hasSuffix("identify: blinking") }
        XCTAssertTrue(identified.contains("device 24:0A:C4:00:00:01: identify: blinking"), "\(identified)")
    }

    func testEachFailureEndsWithItsMessageAndExitCode() async throws {
        _ = try start(["normal", "locked", "silent", "drop"])
        let (wrong, refused) = await home(["improv", "provision", "24:0a:c4:00:00:01", "--ssid", "HomeNet", "--password-stdin"], input: ["nope"])
        XCTAssertEqual(wrong, .failure)
        XCTAssertTrue(refused.error.contains("error: unable to connect"), refused.error)

        let (locked, waited) = await home(["improv", "provision", "improv-locked-2", "--ssid", "HomeNet", "--password-stdin", "--timeout", "2"], input: ["correct horse"])
        XCTAssertEqual(locked, .failure)
        XCTAssertTrue(waited.error.contains("was not authorized within 2.0 s (press its button"), waited.error)

        let (silent, quiet) = await home(["improv", "info", "improv-silent-3", "--timeout", "1"])
        XCTAssertEqual(silent, .failure)
        XCTAssertTrue(quiet.error.contains("did not answer the device information request within 1.0 s"), quiet.error)

        let started = Date()
        let (dropped, gone) = await home(["improv", "provision", "improv-drop-4", "--ssid", "HomeNet", "--password-stdin", "--timeout", "30"], input: ["correct horse"])
        XCTAssertEqual(dropped, .failure)
        XCTAssertTrue(gone.error.contains("improv-drop-4 disconnected before it finished"), gone.error)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "reported, not waited on for the whole timeout")

        let (unknown, missing) = await home(["improv", "info", "AA:BB:CC:DD:EE:FF", "--timeout", "1"])
        XCTAssertEqual(unknown, .failure)
        XCTAssertTrue(missing.error.contains("no Improv device AA:BB:CC:DD:EE:FF was seen over Bluetooth within 1 s"), missing.error)
    }

    func testNoBlueZOnTheBusIsAClearError() async throws {
        let bus = try PrivateBus()
        setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.address, 1)
        defer {
            unsetenv("DBUS_SYSTEM_BUS_ADDRESS")
            bus.stop()
        }
        let (code, output) = await home(["improv", "scan", "--timeout", "1"])
        XCTAssertEqual(code, .failure)
        XCTAssertTrue(output.error.contains("BlueZ (org.bluez) is not running on the system bus"), output.error)
    }

    func testTheDevicesIntegrationIsStartedOnTheServer() async throws {
        let server = try IntegrationEnvironment.require()
        _ = try start(["normal@http://192.168.1.42/?domain=derivative"])
        let (added, output) = await home(["improv", "provision", "improv-normal-1", "--ssid", "HomeNet", "--password-stdin", "--add-to-home-assistant", "--json"],
                                         input: ["correct horse"], server: server)
        XCTAssertEqual(added, .success, output.error)
        let outcome = try JSONParser.parse(output.out).objectValue?["home_assistant"]?.objectValue ?? [:]
        let step = outcome["step"]?.objectValue ?? [:]
        XCTAssertEqual(step["type"], .string("form"), output.out)
        XCTAssertEqual(step["handler"], .string("derivative"))
        XCTAssertEqual(outcome["started"], .bool(true))
        XCTAssertEqual(outcome["completed"], .bool(false))
        XCTAssertEqual(outcome["reason"], .string("step 'user' of derivative needs name, and standard input gave no answer; the flow was removed"))
        let flow = try XCTUnwrap(step["flow_id"]?.stringValue)
        let progress = try await HTTPExchange.send("GET", try XCTUnwrap(URL(string: server.url + "/api/config/config_entries/flow")), token: server.token)
        XCTAssertFalse(String(decoding: progress.body, as: UTF8.self).contains(flow), "the flow left no step waiting on the server")
    }
}
