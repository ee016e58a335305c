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

    private func start(_ mode: String = "normal", redirect: String? = nil, firmware: String? = nil) throws -> String {
        let device = try ImprovDeviceSimulator(mode: mode, redirect: redirect, firmware: firmware)
        self.device = device
        return device.path
    }

    private func home(_ arguments: [String], input: [String] = [], server: IntegrationEnvironment? = nil, answers: [String] = []) async -> (ExitCode, ConsoleRecorder) {
        // The password is read first, the server's token when the integration is added, then the flow's answers.
        let recorder = ConsoleRecorder(input: input + (server.map { [$0.token] } ?? []) + answers)
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

    /// Deletes a config entry the test made.
    private func removeEntry(_ outcome: [String: JSONValue], _ server: IntegrationEnvironment) async throws {
        guard let entry = outcome["entry"]?.objectValue?["entry_id"]?.stringValue else { return }
        let deleted = try await HTTPExchange.send("DELETE", try XCTUnwrap(URL(string: server.url + "/api/config/config_entries/entry/\(entry)")), token: server.token)
        XCTAssertEqual(deleted.status, 200)
    }

    func testAWLEDDeviceIsSetUpToTheEndAndItsDeviceIsInTheRegistry() async throws {
        let server = try IntegrationEnvironment.require()
        let light = try WLEDStandIn()
        defer { light.stop() }
        let port = try start(redirect: "http://\(light.address)/", firmware: "WLED")
        let (added, output) = await home(["improv", "provision", port, "--ssid", "HomeNet", "--password-stdin", "--add-to-home-assistant", "--json"],
                                         input: ["correct horse"], server: server)
        XCTAssertEqual(added, .success, output.error)
        let outcome = try XCTUnwrap(JSONParser.parse(output.out).objectValue?["home_assistant"]?.objectValue, output.out)
        XCTAssertEqual(outcome["domain"], .string("wled"), "the firmware named the integration")
        XCTAssertEqual(outcome["completed"], .bool(true), output.out + output.error)
        XCTAssertEqual(outcome["entry"]?.objectValue?["title"], .string("Improv WLED"))
        let device = try XCTUnwrap(outcome["device"]?.objectValue, output.out)
        XCTAssertEqual(device["manufacturer"], .string("WLED"))
        XCTAssertEqual(device["name"], .string("Improv WLED"))
        let registry = try await AdminConnection(server: server).send("config/device_registry/list")
        XCTAssertTrue((registry.arrayValue ?? []).contains { $0.objectValue?["id"] == device["id"] }, "the device is in the server's registry")
        XCTAssertTrue(light.requests.contains("GET /json"), "Home Assistant read the light itself: \(light.requests)")
        try await removeEntry(outcome, server)
    }

    func testAStepThatNeedsThePersonIsAskedAndTheFlowCompleted() async throws {
        let server = try IntegrationEnvironment.require()
        let port = try start(redirect: "http://192.168.1.42/?domain=derivative")
        let name = "Improv derivative \(UUID().uuidString.prefix(6))"
        let (added, output) = await home(["improv", "provision", port, "--ssid", "HomeNet", "--password-stdin", "--add-to-home-assistant", "--json"],
                                         input: ["correct horse"], server: server, answers: [name, "sensor.outside_temperature", "5 minutes", "00:05:00"])
        XCTAssertEqual(added, .success, output.error)
        let outcome = try XCTUnwrap(JSONParser.parse(output.out).objectValue?["home_assistant"]?.objectValue, output.out)
        XCTAssertEqual(outcome["completed"], .bool(true), output.out + output.error)
        XCTAssertEqual(outcome["entry"]?.objectValue?["title"], .string(name))
        XCTAssertEqual(outcome["device"]?.objectValue?["name"], .string("Outside Temperature"), "a derivative helper joins its source's device")
        XCTAssertTrue(output.error.contains("derivative, step 'user': name: "), output.error)
        XCTAssertTrue(output.error.contains("derivative, step 'user': source: "), output.error)
        XCTAssertTrue(output.error.contains("time_window takes a length of time as HH:MM:SS, not '5 minutes'"), "a wrong answer is asked again: \(output.error)")
        try await removeEntry(outcome, server)

        device?.stop()
        let other = try start(redirect: "http://192.168.1.42/?integration=esphome")
        let (refused, refusal) = await home(["improv", "provision", other, "--ssid", "HomeNet", "--password-stdin", "--add-to-home-assistant"],
                                            input: ["correct horse"], server: server)
        XCTAssertEqual(refused, .success, "the device is provisioned either way")
        XCTAssertTrue(refusal.out.contains("not added to Home Assistant: the server cannot set up the integration 'esphome'"), refusal.out)
    }
}
