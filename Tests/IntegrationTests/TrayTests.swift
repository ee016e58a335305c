import DBus
import Essentials
import Foundation
@testable import MQTTPlugin
import Networking
import XCTest

/// `home tray` against the real Home Assistant, with a desktop's StatusNotifierWatcher and panel
/// host played by tools/tray-watcher-standin.py on a private session bus: it registers (and again
/// when the watcher restarts), its icon tells the connection, its menu holds the pinned entities
/// with their live state, a click on one acts on the server, and Quit ends it.
final class TrayTests: HomeProcessTestCase {
    private var watcher: BusStandIn!

    /// The menu as the panel reads it now, an entry a line.
    private func menu() -> [String] {
        let ends = watcher.log.filter { $0 == "end" }.count
        watcher.send("dump")
        let log = watcher.log(once: { _ in watcher.log.filter { $0 == "end" }.count > ends }, timeout: 10)
        let lastEnd = log.lastIndex(of: "end") ?? log.endIndex
        let start = log[..<lastEnd].lastIndex(of: "end").map { $0 + 1 } ?? 0
        return Array(log[start..<lastEnd]).filter { !$0.hasPrefix("registered") && !$0.hasPrefix("clicked") && !$0.hasPrefix("{") }
    }

    /// Waits until the menu has a line `wanted` says yes to, or 30 seconds.
    private func menu(until wanted: ([String]) -> Bool) -> [String] {
        let deadline = Date().addingTimeInterval(30)
        var lines = menu()
        while !wanted(lines), Date() < deadline {
            usleep(200_000)
            lines = menu()
        }
        return lines
    }

    private func lightState(_ server: IntegrationEnvironment) async throws -> String {
        let answer = try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/light.bed_light")!, token: server.token)
        return try JSONParser.parse(answer.body).objectValue?["state"]?.stringValue ?? ""
    }

    func testTheTrayShowsLiveQuickActionsThatActOnTheServer() async throws {
        let server = try IntegrationEnvironment.require()
        watcher = try BusStandIn("tools/tray-watcher-standin.py", [])
        keep(stopping: watcher.stop)
        let home = try signedIn(server)
        XCTAssertEqual(try home.run(["tray", "pin", "light.bed_light"]).0, 0)
        let (pinned, pins) = try home.run(["tray", "pin", "script.companion_blink"])
        XCTAssertEqual(pinned, 0, pins)
        XCTAssertTrue(pins.contains("the tray shows light.bed_light, script.companion_blink"), pins)
        let (refused, refusal) = try home.run(["tray", "pin", "lock.front_door"])
        XCTAssertEqual(refused, 2, refusal)
        XCTAssertTrue(refusal.contains("lock.front_door is not a quick action"), refusal)

        let (tray, output) = try home.start(["tray"], environment: ["DBUS_SESSION_BUS_ADDRESS": watcher.bus.address, "HOME_LOG_LEVEL": "info"])
        keep(tray)
        let log = PipeOutput(output)
        XCTAssertTrue(watcher.log(once: { $0.hasPrefix("registered org.kde.StatusNotifierItem-") }, timeout: 30).contains { $0.hasPrefix("registered") }, log.text)
        let before = try await lightState(server)
        let mark = before == "on" ? "[x]" : "[ ]"
        let first = menu { $0.contains("100 Bed Light \(mark)") }
        XCTAssertEqual(first, [
            "1 Open Home Assistant", "2 ----", "100 Bed Light \(mark)", "101 Run Companion blink", "3 ----",
            "4 Notifications (disabled)", "5 Notification history…", "6 ----", "7 Quit",
        ], log.text)
        watcher.send("props")
        let props = try XCTUnwrap(watcher.log(once: { $0.contains("IconName") }).last { $0.contains("IconName") })
        let icon = try XCTUnwrap(try JSONParser.parse(props).objectValue)
        XCTAssertEqual(icon["IconName"], .string("io.homecompanion.Window"))
        XCTAssertEqual(icon["ToolTip"], .string("Connected to \(server.url)"))
        XCTAssertEqual(icon["Menu"], .string("/MenuBar"))
        // Its objects describe themselves (XML written with libxml2), as a panel's tools read them.
        let item = String(try XCTUnwrap(watcher.log.first { $0.hasPrefix("registered ") }).dropFirst("registered ".count))
        let bus = try DBusConnection(bus: .address(watcher.bus.address))
        defer { bus.close() }
        XCTAssertEqual(try bus.introspect(item, "/").children, ["StatusNotifierItem", "MenuBar"])
        let described = try bus.introspect(item, "/StatusNotifierItem")
        XCTAssertEqual(described.interface("org.kde.StatusNotifierItem")?.methods.map(\.name), ["Activate", "SecondaryActivate", "ContextMenu", "Scroll"])
        XCTAssertEqual(described.interface("org.kde.StatusNotifierItem")?.properties.count, 16)
        XCTAssertNotNil(try bus.require(item, "/MenuBar", "com.canonical.dbusmenu", methods: ["GetLayout", "Event"], signals: ["LayoutUpdated"]))

        // A click on the pinned light toggles it on the server, and the menu follows its state.
        watcher.send("click 100")
        let after = before == "on" ? "off" : "on"
        let deadline = Date().addingTimeInterval(20)
        var now = before
        while now != after, Date() < deadline {
            try await Task.sleep(nanoseconds: 200_000_000)
            now = try await lightState(server)
        }
        XCTAssertEqual(now, after, log.text)
        let toggled = menu { $0.contains("100 Bed Light \(after == "on" ? "[x]" : "[ ]")") }
        XCTAssertTrue(toggled.contains("100 Bed Light \(after == "on" ? "[x]" : "[ ]")"), "\(toggled)")

        // A second tray is refused; the panel restarting gets the item registered again.
        let (second, secondOutput) = try HomeProcess(root: home.root, environment: ["DBUS_SESSION_BUS_ADDRESS": watcher.bus.address]).run(["tray"])
        XCTAssertEqual(second, 1, secondOutput)
        XCTAssertTrue(secondOutput.contains("a tray runs already"), secondOutput)
        watcher.send("restart")
        XCTAssertEqual(watcher.log(once: { _ in watcher.log.filter { $0.hasPrefix("registered") }.count >= 2 }, timeout: 15).filter { $0.hasPrefix("registered") }.count, 2, log.text)
        // Quit ends it.
        watcher.send("click 7")
        let ended = Date().addingTimeInterval(15)
        while tray.isRunning, Date() < ended { usleep(100_000) }
        XCTAssertFalse(tray.isRunning)
        XCTAssertEqual(tray.terminationStatus, 0, log.text)
        XCTAssertTrue(log.text.contains("quit from the tray's menu"), log.text)
    }

    func testTheLastNotificationsAreInTheMenuAndTheirActionsReachTheServer() async throws {
        let server = try IntegrationEnvironment.require()
        watcher = try BusStandIn("tools/tray-watcher-standin.py", [])
        keep(stopping: watcher.stop)
        let home = try signedIn(server)
        let bus = ["DBUS_SESSION_BUS_ADDRESS": watcher.bus.address, "HOME_LOG_LEVEL": "info"]
        let (agent, agentOutput) = try home.start(["agent", "--interval", "60"], environment: bus)
        keep(agent)
        let agentLog = AgentLog(agentOutput)
        try await agentLog.wait(for: "listening for notifications", within: 30)
        let (tray, trayOutput) = try home.start(["tray"], environment: bus)
        keep(tray)
        let log = PipeOutput(trayOutput)
        XCTAssertTrue(watcher.log(once: { $0.hasPrefix("registered") }, timeout: 30).contains { $0.hasPrefix("registered") }, log.text)

        let watching = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await watching.start()
        let pressed = try await ReceivedEvents(watching, eventType: "mobile_app_notification_action")
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        let notify = URL(string: server.url + "/api/services/notify/mobile_app_\(ControlDiscovery.slug(DeviceInfoName.current))")!
        let sent = try await HTTPExchange.send("POST", notify, token: server.token, json: [
            "title": "Tray", "message": "Washer \(suffix) is done", "data": ["tag": "tray-\(suffix)", "actions": [["action": "THANKS_\(suffix)", "title": "Thanks"]]],
        ])
        XCTAssertEqual(sent.status, 200)
        let listed = menu { $0.contains("  1000 Tray: Washer \(suffix) is done") }
        XCTAssertTrue(listed.contains("4 Notifications"), "\(listed)")
        XCTAssertTrue(listed.contains("  1000 Tray: Washer \(suffix) is done") && listed.contains("    1001 Thanks"), "\(listed)")
        watcher.send("click 1001")
        let event = await pressed.data(0, within: 30)
        XCTAssertEqual(event?["action"], .string("THANKS_\(suffix)"), log.text)
        XCTAssertEqual(event?["tag"], .string("tray-\(suffix)"))
        await watching.stop()
    }

    func testWithoutAWatcherTheTraySaysSoOnceAndWaits() throws {
        let server = try IntegrationEnvironment.require()
        let bus = try BusStandIn("tools/notifications-standin.py", [])
        keep(stopping: bus.stop)
        let home = try signedIn(server)
        let (tray, output) = try home.start(["tray"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.bus.address, "HOME_LOG_LEVEL": "info"])
        keep(tray)
        let log = PipeOutput(output)
        let deadline = Date().addingTimeInterval(20)
        while !log.text.contains("the tray runs for"), Date() < deadline { usleep(100_000) }
        usleep(1_500_000)
        XCTAssertEqual(log.text.components(separatedBy: "no StatusNotifierWatcher on the session bus").count, 2, log.text)
        XCTAssertTrue(log.text.contains("GNOME needs the AppIndicator extension"), log.text)
        XCTAssertTrue(tray.isRunning, "it waits for a watcher")
    }
}
