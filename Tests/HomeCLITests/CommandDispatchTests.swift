import Essentials
import Foundation
import XCTest

/// One host per process: a command starts only its plugin's closure; commands of disabled
/// plugins say which plugin and how to enable it; help lists only enabled plugins' commands.
final class CommandDispatchTests: HomeCLITestCase {
    private func manifest(_ json: String) throws -> String {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let url = root.appendingPathComponent("manifest-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    func testACommandOfADisabledPluginNamesThePluginAndHowToEnableIt() async throws {
        let path = try manifest(#"{"schemaVersion": 1, "plugins": [{"id": "agent", "enabled": false}]}"#)
        for command in ["agent", "sensors", "notifications"] {
            let result = await home("--manifest", path, command)
            XCTAssertEqual(result.code, .usage)
            XCTAssertEqual(
                result.error,
                "error: '\(command)' is a command of plugin 'agent', which is disabled in the manifest \(path); enable it with {\"id\": \"agent\", \"enabled\": true} in the manifest's plugins\n"
            )
        }
        let help = await home("--manifest", path, "--help")
        XCTAssertFalse(help.out.contains("\n  agent "), help.out)
        XCTAssertFalse(help.out.contains("\n  sensors "), help.out)
        XCTAssertTrue(help.out.contains("\n  states "), help.out)
    }

    func testTheGlobalManifestOptionMayStandAnywhere() async throws {
        let path = try manifest(##"{"schemaVersion": 1, "plugins": [{"id": "design-tokens", "configuration": {"primaryColor": "#112233"}}]}"##)
        let before = await home("--manifest", path, "theme", "--format", "css")
        let after = await home("theme", "--format=css", "--manifest=\(path)")
        XCTAssertTrue(before.out.contains("--primary-color: #112233;"), before.out + before.error)
        XCTAssertEqual(before.out, after.out)
        let missing = await home("theme", "--manifest")
        XCTAssertEqual(missing.code, .usage)
    }

    func testACommandStartsOnlyThePluginsItNeeds() async throws {
        // theme-files writes its files when it starts; `home theme` needs design-tokens only.
        let result = await home("--manifest", example("themes.json"), "theme", "--format", "css")
        XCTAssertEqual(result.code, .success, result.error)
        let themes = layout.data.appendingPathComponent("themes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: themes.path), "theme-files started for a command that does not need it")
        let started = logs.lines.filter { $0.contains("plugin-host") && $0.contains(": started ") }
        XCTAssertEqual(started.count, 1, "\(logs.lines)")
        XCTAssertTrue(started.first?.contains("started design-tokens 1.0.0") ?? false, "\(started)")
        XCTAssertTrue(logs.lines.contains { $0.contains("stopping design-tokens") }, "the command's plugins stop when it returns")
    }

    func testAnInvalidManifestStopsEveryPluginCommandWithItsDiagnostics() async {
        let result = await home("--manifest", example("broken.json"), "states")
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.error.contains("unknown-plugin: plugin 'weather-station'"), result.error)
        XCTAssertTrue(result.error.hasSuffix("broken.json: 6 problem(s)\n"), result.error)
    }

    func testAnUnknownCommandListsTheValidOnes() async {
        let result = await home("frobnicate")
        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(result.error.hasPrefix("error: unknown command 'frobnicate'; valid commands: login, "), result.error)
    }

    func testEveryCommandTakingServerHonoursHOMESERVER() async {
        let environment = ["HOME": root.path, "HOME_SERVER": "http://elsewhere.test:8123"]
        Current.environment = { environment }
        for command in [["status"], ["states"], ["watch"], ["call", "light.turn_on"], ["notifications"], ["sensors", "enable", "kernel"], ["agent", "report"], ["logout"]] {
            let result = await home(command)
            XCTAssertEqual(result.code, .usage, "\(command): \(result.error)")
            XCTAssertTrue(result.error.contains("not signed in to http://elsewhere.test:8123"), "\(command): \(result.error)")
        }
    }
}
