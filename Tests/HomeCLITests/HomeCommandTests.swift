import Foundation
import XCTest

final class HomeCommandTests: HomeCLITestCase {
    func testVersionAndHelp() async {
        let version = await home("--version")
        XCTAssertEqual(version.out, "home 0.1.0\n")
        let help = await home("--help")
        XCTAssertEqual(help.code, .success)
        for command in ["login", "logout", "servers", "status", "locale", "permissions", "states", "watch", "call", "agent", "sensors", "notifications", "plugins", "theme", "paths"] {
            XCTAssertTrue(help.out.contains("\n  \(command) "), help.out)
        }
    }

    func testNoCommandIsAUsageError() async {
        let result = await home()
        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(
            result.error.contains("valid commands: login, logout, servers, status, locale, permissions, states, call, watch, status-line, devices, device, rooms, automations, thread, improv, controls, agent, sensors, "
                + "notifications, assist, template, tag, zones, theme, plugins, paths"),
            result.error
        )
    }

    func testPathsAsJSON() async throws {
        let result = await home("paths", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: String]
        XCTAssertEqual(object?["configuration"], layout.configuration.path)
        XCTAssertEqual(object?["data"], layout.data.path)
        XCTAssertEqual(object?["manifest"], layout.defaultManifest.path)
    }
}
