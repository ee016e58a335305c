import Essentials
import Foundation
import XCTest

/// `home window` as a person runs it: `home` starts the `home-window` beside it, which opens the
/// frontend signed in; without `home-window`, it says what to install.
final class HomeWindowCommandTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("home-window-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    func testHomeWindowOpensTheFrontendSignedInAndWritesItsScreenshot() throws {
        try VirtualDisplay.require()
        let server = try IntegrationEnvironment.require()
        let home = HomeProcess(root: root, environment: VirtualDisplay.variables)
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let picture = root.appendingPathComponent("window.png")
        let (status, output) = try home.run(["window", "--path", "/lovelace/0", "--screenshot", picture.path])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("wrote \(picture.path)"), output)
        let size = (try FileManager.default.attributesOfItem(atPath: picture.path)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 20_000, "a drawn dashboard")
        let entry = try String(contentsOf: root.appendingPathComponent(".local/share/applications/io.homecompanion.Window.desktop"), encoding: .utf8)
        let executable = IntegrationEnvironment.repository.appendingPathComponent(".build/debug/home").resolvingSymlinksInPath().path
        XCTAssertTrue(entry.contains("Exec=\"\(executable)\" window\n"), entry)
        XCTAssertTrue(entry.contains("Icon=io.homecompanion.Window\n") && entry.contains("StartupWMClass=io.homecompanion.Window\n"), entry)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".local/share/icons/hicolor/scalable/apps/io.homecompanion.Window.svg").path))
    }

    func testASecondHomeWindowHandsItsPageToTheOpenWindowOverTheSessionBus() throws {
        try VirtualDisplay.require()
        let server = try IntegrationEnvironment.require()
        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let address = Pipe()
        bus.standardOutput = address
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        defer { kill(bus.processIdentifier, SIGKILL) }
        let busAddress = String(decoding: address.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(busAddress.hasPrefix("unix:"), busAddress)
        let home = HomeProcess(root: root, environment: VirtualDisplay.variables.merging(["DBUS_SESSION_BUS_ADDRESS": busAddress, "HOME_LOG_LEVEL": "info"]) { $1 })
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let (first, log) = try home.start(["window", "--path", "/lovelace/0"])
        defer { kill(first.processIdentifier, SIGKILL) }
        let text = PipeOutput(log)
        XCTAssertTrue(wait(for: "the frontend is connected", in: text), text.text)
        let quiet = HomeProcess(root: root, environment: VirtualDisplay.variables.merging(["DBUS_SESSION_BUS_ADDRESS": busAddress]) { $1 })
        let (status, output) = try quiet.run(["window", "--path", "/config/integrations", "--json"])
        XCTAssertEqual(status, 0, output)
        // Standard error (GTK's notes about the desktop) comes first in the merged output; the JSON ends it.
        let json = output.range(of: "\n{").map { String(output[$0.lowerBound...]) } ?? output
        XCTAssertEqual(try JSONParser.parse(json).objectValue?["handed_over"], .bool(true), output)
        XCTAssertTrue(wait(for: "asked to show /config/integrations", in: text), "the open window took the page: \(text.text)")
        XCTAssertEqual(try quiet.run(["window", "--settings"]).0, 0)
        XCTAssertTrue(wait(for: "asked to show the settings", in: text), "the open window shows its settings page: \(text.text)")
        XCTAssertTrue(first.isRunning, "the first window stays open")

        // The switcher: a page of another server signed in to replaces the window with that
        // server's; a server not signed in to is refused and the window stays.
        let other = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        XCTAssertEqual(try home.run(["login", other, "--token-stdin"], input: server.token).0, 0)
        let (switched, switchOutput) = try quiet.run(["window", "--server", other, "--path", "/lovelace/0"])
        XCTAssertEqual(switched, 0, switchOutput)
        XCTAssertTrue(wait(for: "the window switches to \(other)", in: text), text.text)
        XCTAssertTrue(wait(for: "the frontend is connected", in: text, after: "the window switches to"), "the other server's frontend connected: \(text.text)")
        XCTAssertTrue(first.isRunning, "the window process stays")
        XCTAssertEqual(try home.run(["logout", "--server", server.url]).0, 0)
        XCTAssertEqual(try quiet.run(["window", "--server", other, "--path", "/config"]).0, 0)
        XCTAssertTrue(wait(for: "asked to show /config\n", in: text), text.text)
        XCTAssertTrue(try quiet.run(["window", "--server", server.url]).1.contains("not signed in"), "a server signed out of is not opened")
    }

    func testTheWindowMovesToTheOtherURLWhenTheNetworkChanges() throws {
        try VirtualDisplay.require()
        let server = try IntegrationEnvironment.require()
        let proxy = try LoopbackProxy(target: try XCTUnwrap(URLComponents(string: server.url)?.port))
        try proxy.start()
        defer { proxy.stop() }
        let networkManager = try BusStandIn("tools/system-bus-standin.py", ["--wifi", "HomeNet"])
        defer { networkManager.stop() }
        let home = HomeProcess(
            root: root,
            environment: VirtualDisplay.variables.merging([
                // The private bus serves as the session bus too (the window claims its name there).
                "DBUS_SYSTEM_BUS_ADDRESS": networkManager.bus.address, "DBUS_SESSION_BUS_ADDRESS": networkManager.bus.address, "HOME_LOG_LEVEL": "info",
            ]) { $1 }
        )
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        XCTAssertEqual(try home.run(["servers", "urls", "--internal", server.url, "--external", proxy.url, "--add-network", "HomeNet"]).0, 0)
        let (window, log) = try home.start(["window", "--path", "/config/integrations"])
        defer { kill(window.processIdentifier, SIGKILL) }
        let text = PipeOutput(log)
        XCTAssertTrue(wait(for: "the frontend is connected", in: text), text.text)
        XCTAssertTrue(wait(for: "the frontend shows /config/integrations at \(server.url)", in: text), text.text)
        // Away: the window reopens through the external URL, at the page it showed, and connects.
        networkManager.send("wifi Café")
        XCTAssertTrue(wait(for: "the network changed: the window moves to \(proxy.url)", in: text), text.text)
        XCTAssertTrue(wait(for: "the frontend is connected", in: text, after: "the window moves to"), text.text)
        XCTAssertTrue(wait(for: "the frontend shows /config/integrations at \(proxy.url)", in: text, after: "the window moves to"), text.text)
        // Home again: back to the internal URL.
        networkManager.send("wifi HomeNet")
        XCTAssertTrue(wait(for: "the network changed: the window moves to \(server.url)", in: text), text.text)
        XCTAssertTrue(wait(for: "the frontend is connected", in: text, after: "the window moves to \(server.url)"), text.text)
        XCTAssertTrue(window.isRunning, "one window process all along")
    }

    /// Waits until `output` has `expected` (after the last `marker`, when one is given), or 60 seconds.
    private func wait(for expected: String, in output: PipeOutput, after marker: String? = nil) -> Bool {
        let found = {
            let text = output.text
            let tail = marker.flatMap { text.range(of: $0, options: .backwards) }.map { text[$0.upperBound...] } ?? text[...]
            return tail.contains(expected)
        }
        let deadline = Date().addingTimeInterval(60)
        while !found(), Date() < deadline { usleep(50_000) }
        return found()
    }

    func testWithoutHomeWindowItSaysWhatToInstall() throws {
        let alone = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("home")
        try FileManager.default.copyItem(at: IntegrationEnvironment.repository.appendingPathComponent(".build/debug/home"), to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["window"]
        process.environment = ["HOME": root.path, "PATH": "/usr/bin:/bin", "HOME_TOKEN": "unused"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, text)
        XCTAssertTrue(text.contains("the window is not installed: install the home-companion-window package"), text)
    }

    func testTheSettingsPageHasNoScreenshot() throws {
        let (status, output) = try HomeProcess(root: root).run(["window", "--settings", "--screenshot", "/tmp/x.png"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("--settings and --screenshot do not go together"), output)
    }

    func testAPathThatIsNotAFrontendPathIsAUsageError() throws {
        let (status, output) = try HomeProcess(root: root).run(["window", "--path", "https://elsewhere.example/"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("--path takes a frontend path starting with /"), output)
    }
}
