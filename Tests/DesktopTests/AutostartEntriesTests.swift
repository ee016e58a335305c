@testable import Desktop
import Foundation
import XCTest

/// The autostart entries: written with the command they run, read back, turned off by the
/// desktop's own switches, and removed.
final class AutostartEntriesTests: XCTestCase {
    private var config: URL!

    override func setUpWithError() throws {
        config = FileManager.default.temporaryDirectory.appendingPathComponent("autostart-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: config)
    }

    func testEnablingWritesAnEntryThatRunsHomeAndDisablingRemovesIt() throws {
        let entries = AutostartEntries(configFolder: config)
        XCTAssertFalse(entries.isEnabled(.agent))
        try entries.enable(.agent, executable: "/usr/bin/home")
        try entries.enable(.tray, executable: "/opt/home companion/home")
        XCTAssertTrue(entries.isEnabled(.agent) && entries.isEnabled(.tray))
        let agent = try String(contentsOf: config.appendingPathComponent("autostart/io.homecompanion.Agent.desktop"), encoding: .utf8)
        XCTAssertTrue(agent.contains("Exec=\"/usr/bin/home\" agent\n") && agent.contains("Type=Application\n"), agent)
        let tray = try String(contentsOf: config.appendingPathComponent("autostart/io.homecompanion.Tray.desktop"), encoding: .utf8)
        XCTAssertTrue(tray.contains("Exec=\"/opt/home companion/home\" tray\n"), tray)
        try entries.disable(.agent)
        try entries.disable(.agent)
        XCTAssertFalse(entries.isEnabled(.agent))
        XCTAssertTrue(entries.isEnabled(.tray))
    }

    func testAnEntryTheDesktopTurnedOffCountsAsOff() throws {
        let entries = AutostartEntries(configFolder: config)
        try entries.enable(.agent, executable: "/usr/bin/home")
        let file = config.appendingPathComponent("autostart/io.homecompanion.Agent.desktop")
        for switchedOff in ["X-GNOME-Autostart-enabled=false", "Hidden=true"] {
            let text = entries.entry(.agent, executable: "/usr/bin/home").replacingOccurrences(of: "X-GNOME-Autostart-enabled=true", with: switchedOff)
            try Data(text.utf8).write(to: file)
            XCTAssertFalse(entries.isEnabled(.agent), switchedOff)
        }
    }
}
