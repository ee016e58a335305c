import Foundation
import XCTest

/// `home autostart`: entries written under the test's own XDG config folder, read back, removed.
final class AutostartCommandTests: HomeCLITestCase {
    func testEnablingAndDisablingTheAgentAndTheTray() async throws {
        let none = await home("autostart", "--json")
        XCTAssertEqual(none.code, .success, none.error)
        XCTAssertEqual(none.out.filter { !$0.isWhitespace }, "{\"agent\":false,\"tray\":false}")
        let enabled = await home("autostart", "enable", "--agent")
        XCTAssertEqual(enabled.code, .success, enabled.error)
        XCTAssertTrue(enabled.out.hasPrefix("agent: starts with the session\n"), enabled.out)
        let entry = try String(contentsOf: root.appendingPathComponent(".config/autostart/io.homecompanion.Agent.desktop"), encoding: .utf8)
        XCTAssertTrue(entry.range(of: "Exec=\"[^\"]*/home\" agent\n", options: .regularExpression) != nil, entry)
        let both = await home("autostart", "enable")
        XCTAssertTrue(both.out.contains("tray: starts with the session"), both.out)
        let listed = await home("autostart")
        XCTAssertEqual(listed.out, "agent: starts with the session\ntray: starts with the session\n")
        let trayOff = await home("autostart", "disable", "--tray")
        XCTAssertEqual(trayOff.code, .success)
        let afterwards = await home("autostart")
        XCTAssertEqual(afterwards.out, "agent: starts with the session\ntray: off\n")
        let allOff = await home("autostart", "disable")
        XCTAssertEqual(allOff.code, .success)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".config/autostart/io.homecompanion.Agent.desktop").path))
    }
}
