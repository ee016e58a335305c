import CLIKit
import CLIKitTestSupport
import Essentials
import Foundation
import HomeCLI
import XCTest

/// The contracts' promise: a manifest alone replaces the provider of a capability
/// (`ha.connections` here) and its consumers (the home-devices plugin) work unchanged, against the
/// real Home Assistant.
final class ReplacedProviderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("replaced-provider-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func home(_ server: IntegrationEnvironment, _ arguments: [String]) async throws -> (ExitCode, ConsoleRecorder) {
        let manifest = folder.appendingPathComponent("manifest.json")
        try Data(#"{"schemaVersion": 1, "plugins": [{"id": "connection", "enabled": false}, {"id": "recording-connections"}]}"#.utf8).write(to: manifest)
        let recorder = ConsoleRecorder(input: [server.token])
        let code = await HomeApp.run(
            ["--manifest", manifest.path] + arguments + ["--server", server.url, "--token-file", "-"], console: recorder.console(),
            extraPlugins: [RecordingConnectionsPlugin.factory]
        )
        return (code, recorder)
    }

    func testTheDevicesPluginWorksOnASecondConnectionsProviderNamedByTheManifest() async throws {
        let server = try IntegrationEnvironment.require()
        let before = RecordingConnectionsPlugin.opened.all.count
        let (listed, devices) = try await home(server, ["devices", "--json", "--type", "light"])
        XCTAssertEqual(listed, .success, devices.error)
        let lights = try JSONParser.parse(devices.out).arrayValue ?? []
        XCTAssertEqual(lights.count, 6, "the demo's six lights through the replaced provider: \(devices.out.prefix(300))")
        let opened = RecordingConnectionsPlugin.opened.all.dropFirst(before)
        XCTAssertEqual(opened.count, 1, "the devices command connected through the recording provider")
        XCTAssertEqual(opened.first.map { $0.hasPrefix(server.url) }, true, "\(opened) for \(server.url)")

        // The built-in provider is off: its own commands say how to enable it.
        let (states, refusal) = try await home(server, ["states"])
        XCTAssertEqual(states, .usage)
        XCTAssertTrue(refusal.error.contains("'states' is a command of plugin 'connection', which is disabled in the manifest"), refusal.error)
    }
}
