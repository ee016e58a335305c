import CLIKit
import CLIKitTestSupport
import Essentials
import Foundation
import HomeCLI
import Improv
import XCTest

/// Improv over a serial port against tools/improv-device.py on a PTY: a full provisioning, each
/// failure ending with its message and exit code, a device that drops mid-flow reported, and the
/// device's integration started on the real Home Assistant (or refused clearly).
final class ImprovSerialTests: XCTestCase {
    private var device: ImprovDeviceSimulator?

    override func tearDown() {
        device?.stop()
    }

    private func start(_ mode: String = "normal", redirect: String? = nil) throws -> String {
        let device = try ImprovDeviceSimulator(mode: mode, redirect: redirect)
        self.device = device
        return device.path
    }

    private func home(_ arguments: [String], input: [String] = [], server: IntegrationEnvironment? = nil) async -> (ExitCode, ConsoleRecorder) {
        // The password is read first, the server's token when the integration is added.
        let recorder = ConsoleRecorder(input: input + (server.map { [$0.token] } ?? []))
        let extra = server.map { ["--server", $0.url, "--token-file", "-"] } ?? []
        return (await HomeApp.run(arguments + extra, console: recorder.console()), recorder)
    }

    func testAFullProvisioningAmongLogNoise() async throws {
        let port = try start()
        let client = ImprovSerialClient(port: try SerialPort(path: port))
        XCTAssertEqual(try client.currentState(), .authorized)
        XCTAssertEqual(try client.deviceInfo().name, "living-room-sensor")
        XCTAssertEqual(try client.networks().map(\.ssid), ["HomeNet", "Guest", "Neighbour 5G"])
        var states: [ImprovState] = []
        let url = try client.provision(ssid: "HomeNet", password: "correct horse") { states.append($0) }
        XCTAssertEqual(url, "http://192.168.1.42/?integration=esphome")
        XCTAssertEqual(states, [.provisioning, .provisioned])
        XCTAssertTrue(client.logLines.contains { $0.contains("waiting for Improv") }, "the device's own lines are kept apart: \(client.logLines)")
        XCTAssertFalse(client.logLines.joined().contains("correct horse"))
    }

    func testEachFailureEndsWithItsMessageAndExitCode() async throws {
        let wrong = try start()
        let (refused, failure) = await home(["improv", "provision", wrong, "--ssid", "HomeNet", "--password-stdin"], input: ["nope"])
        XCTAssertEqual(refused, .failure)
        XCTAssertTrue(failure.error.contains("error: unable to connect"), failure.error)
        device?.stop()

        let silent = try start("silent")
        let (timedOut, quiet) = await home(["improv", "info", silent, "--timeout", "1"])
        XCTAssertEqual(timedOut, .failure)
        XCTAssertTrue(quiet.error.contains("did not answer the device information request within 1.0 s"), quiet.error)
        device?.stop()

        let dropping = try start("drop")
        let started = Date()
        let (dropped, gone) = await home(["improv", "provision", dropping, "--ssid", "HomeNet", "--password-stdin", "--timeout", "30"],
                                         input: ["correct horse"])
        XCTAssertEqual(dropped, .failure)
        XCTAssertTrue(gone.error.contains("went away"), gone.error)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "reported, not waited on for the whole timeout")
        device?.stop()

        let noisy = try start("bad-checksum")
        let client = ImprovSerialClient(port: try SerialPort(path: noisy))
        XCTAssertEqual(try client.currentState(), .authorized, "the good copy after a broken one is read")
        XCTAssertTrue(client.skipped.contains { if case .checksumMismatch = $0 { true } else { false } })
        device?.stop()

        let slow = try start("slow")
        let (patient, answer) = await home(["improv", "info", slow, "--timeout", "5", "--json"])
        XCTAssertEqual(patient, .success, answer.error)
        XCTAssertEqual(try JSONParser.parse(answer.out).objectValue?["hardware"], .string("ESP32"))

        let (missing, usage) = await home(["improv", "provision", slow, "--ssid", "HomeNet"])
        XCTAssertEqual(missing, .usage, "no password source: never argv")
        XCTAssertTrue(usage.error.contains("--password-stdin or --password-file"), usage.error)
        let (noPort, nothing) = await home(["improv", "info", "/dev/nonexistent-port"])
        XCTAssertEqual(noPort, .usage)
        XCTAssertTrue(nothing.error.contains("cannot open /dev/nonexistent-port"), nothing.error)
    }

    func testTheDevicesIntegrationIsStartedOnTheServerOrRefusedClearly() async throws {
        let server = try IntegrationEnvironment.require()
        let port = try start(redirect: "http://192.168.1.42/?domain=derivative")
        let (added, output) = await home(["improv", "provision", port, "--ssid", "HomeNet", "--password-stdin", "--add-to-home-assistant", "--json"],
                                         input: ["correct horse"], server: server)
        XCTAssertEqual(added, .success, output.error)
        let result = try JSONParser.parse(output.out).objectValue ?? [:]
        let step = result["home_assistant"]?.objectValue?["step"]?.objectValue ?? [:]
        XCTAssertEqual(step["type"], .string("form"), output.out)
        XCTAssertEqual(step["handler"], .string("derivative"))
        if let flow = step["flow_id"]?.stringValue, let url = URL(string: server.url + "/api/config/config_entries/flow/\(flow)") {
            _ = try await HTTPExchange.send("DELETE", url, token: server.token)
        }
        device?.stop()

        let other = try start(redirect: "http://192.168.1.42/?integration=esphome")
        let (refused, refusal) = await home(["improv", "provision", other, "--ssid", "HomeNet", "--password-stdin", "--add-to-home-assistant"],
                                            input: ["correct horse"], server: server)
        XCTAssertEqual(refused, .success, "the device is provisioned either way")
        XCTAssertTrue(refusal.out.contains("not added to Home Assistant: the server cannot set up the integration 'esphome'"), refusal.out)
    }
}
