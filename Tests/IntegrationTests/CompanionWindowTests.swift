import Agent
import AgentContract
import AgentPlugin
import ConnectionPlugin
@testable import HomeCLI
import HomePluginKit
import MQTTPlugin
import SystemControlsPlugin
import Auth
import CompanionWindow
import Discovery
import Essentials
import Foundation
import HomeAPI
import LinuxSensorsPlugin
import MatterPlugin
import Networking
import PluginHost
import SessionContract
import SessionPlugin
import ThreadContract
import ThreadPlugin
import Synchronization
import WindowBridge
import WindowContract
@testable import WindowUIPlugin
import XCTest

/// The window against the real Home Assistant 2024.3.3 and its own frontend, drawn on Xvfb: signed
/// in through external authentication with no login page, recovering from a spoiled token, signing
/// out from the page, ignoring a frame of another origin; screenshots under .build/window-tests.
final class CompanionWindowTests: XCTestCase {
    private var world: TemporaryHomeWorld!
    private var controller: WindowController?
    private let opened = RecordedAddresses()
    static let screenshots = IntegrationEnvironment.repository.appendingPathComponent(".build/window-tests")

    override func setUpWithError() throws {
        try VirtualDisplay.require()
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        controller?.close()
        controller = nil
        // WebKit's network process writes its cache a moment after the view goes.
        UIThread.iterate(seconds: 1) { false }
        world?.tearDown()
    }

    /// A signed-in `Home` for the test server, its window session, and a window showing `path`.
    private func openWindow(
        _ server: IntegrationEnvironment, settings: ((Home) throws -> any CompanionSettings)? = nil, threadNetworks: ((Home) -> any ThreadNetworkOffer)? = nil,
        matter: ((Home) -> any MatterCommissionOffer)? = nil, session wrap: (any WindowSession) -> any WindowSession = { $0 }
    ) throws -> (Home, any WindowSession, WindowController) {
        let home = try UIThreadWait.result {
            try await Home.signIn(to: server.url, using: .password(PasswordAnswers(username: server.username, password: server.password)))
        }
        let session = wrap(try HomeWindowSession(home: home))
        let view = try CompanionWebView(
            server: session.server, dataFolder: home.folders.data.appendingPathComponent("window"), cacheFolder: home.folders.cache.appendingPathComponent("window"),
            logger: world.logs.logger(label: "window", level: .debug), openExternally: { [opened] uri in opened.append(uri) }
        )
        view.settings = try settings?(home)
        let capabilities = FrontendCapabilities(settingsScreen: settings != nil, threadCredentialImport: threadNetworks != nil, matterCommissioning: matter != nil)
        let controller = WindowController(
            view: view, session: session, capabilities: capabilities, logger: world.logs.logger(label: "window", level: .debug), threadNetworks: threadNetworks?(home),
            matter: matter?(home)
        )
        self.controller = controller
        view.present()
        view.load(path: "/lovelace/0")
        return (home, session, controller)
    }

    /// Waits until the frontend says it is connected and has its user.
    private func waitUntilConnected(_ controller: WindowController, seconds: Double = 60) {
        XCTAssertTrue(UIThread.iterate(seconds: seconds) { controller.connection == "connected" }, "the frontend is \(controller.connection): \(world.logs.lines.suffix(20))")
        let hasUser = UIThread.iterate(seconds: 30) {
            (try? UIThreadWait.evaluate("document.querySelector('home-assistant')?.hass?.user?.name ?? null", in: controller.view)) != "null"
        }
        XCTAssertTrue(hasUser, "the frontend has its user")
    }

    /// The page's signed-in user and connection, read from the frontend's own `hass` object.
    private func frontendState(_ view: CompanionWebView) throws -> [String: JSONValue] {
        let text = try UIThreadWait.evaluate(
            "(() => { const h = document.querySelector('home-assistant')?.hass; return { user: h?.user?.name ?? null, connected: h?.connected ?? false, path: location.pathname }; })()", in: view
        )
        return try XCTUnwrap(try JSONParser.parse(text).objectValue)
    }

    private func refreshTokens(_ server: IntegrationEnvironment) throws -> [[String: JSONValue]] {
        let answer = try UIThreadWait.result { try await AdminConnection(server: server).send("auth/refresh_tokens") }
        return (answer.arrayValue ?? []).compactMap(\.objectValue)
    }

    private func screenshot(_ view: CompanionWebView, named name: String) throws -> URL {
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        let file = Self.screenshots.appendingPathComponent("\(name).png")
        try? FileManager.default.removeItem(at: file)
        var written: Bool?
        view.snapshot(to: file) { written = $0 }
        XCTAssertTrue(UIThread.iterate(seconds: 30) { written != nil } && written == true, "the snapshot was written")
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 20_000, "a drawn dashboard, not an empty picture")
        return file
    }

    func testTheDashboardLoadsSignedInAsTheCompanionWithNoLoginPageAndNoBrowserToken() throws {
        let server = try IntegrationEnvironment.require()
        let before = try refreshTokens(server).filter { $0["client_id"] == .string("\(server.url)/") }.count
        let (_, _, controller) = try openWindow(server)
        waitUntilConnected(controller)
        let state = try frontendState(controller.view)
        XCTAssertEqual(state["user"], .string(server.username), "the frontend's WebSocket is the companion's user")
        XCTAssertEqual(state["connected"], .bool(true))
        XCTAssertEqual(state["path"], .string("/lovelace/0"), "no login page on the way")
        XCTAssertFalse(world.logs.lines.contains { $0.contains("/auth/authorize") })
        // Let the frontend settle and draw before the picture.
        UIThread.iterate(seconds: 4) { false }
        _ = try screenshot(controller.view, named: "dashboard")
        let after = try refreshTokens(server)
        XCTAssertEqual(after.filter { $0["client_id"] == .string("\(server.url)/") }.count, before, "the frontend made no refresh token of its own, as a browser would")
        XCTAssertTrue(after.contains { $0["client_id"] == .string(world.clientID) }, "the companion's own session is the one in use")
        XCTAssertTrue(world.logs.lines.contains { $0.contains("externalBus config/get") }, "the frontend asked for the window's capabilities")
        let children = ChildProcesses.commandLines()
        XCTAssertTrue(children.contains { $0.hasPrefix("/usr/bin/bwrap ") && $0.contains("WebKitWebProcess") }, "the web process runs in WebKit's sandbox: \(children)")
    }

    func testAnEntitysDialogOpensOnThePageWhenAsked() throws {
        let server = try IntegrationEnvironment.require()
        let (_, _, controller) = try openWindow(server)
        waitUntilConnected(controller)
        // As a later `home window --entity` hands it over: the page, and the dialog on it.
        controller.view.show("\(server.url)/lovelace/0?\(CompanionWebView.dialogQueryItem)=light.bed_light")
        let dialog = "document.querySelector('home-assistant')?.shadowRoot?.querySelector('ha-more-info-dialog')?._entityId ?? null"
        let opened = UIThread.iterate(seconds: 60) { (try? UIThreadWait.evaluate(dialog, in: controller.view)) == "\"light.bed_light\"" }
        XCTAssertTrue(opened, "the frontend shows the dialog of light.bed_light: \(world.logs.lines.suffix(10))")
        XCTAssertTrue(world.logs.lines.contains { $0.contains("opening the dialog of light.bed_light") })
        XCTAssertEqual(try frontendState(controller.view)["path"], .string("/lovelace/0"))
        UIThread.iterate(seconds: 4) { false }
        let stillOpen = "document.querySelector('home-assistant')?.shadowRoot?.querySelector('ha-more-info-dialog')?.shadowRoot?.querySelector('ha-dialog')?.open ?? false"
        XCTAssertEqual(try UIThreadWait.evaluate(stillOpen, in: controller.view), "true", "the dialog stays open once the panel has loaded")
        _ = try screenshot(controller.view, named: "entity-dialog")
        // A query item that is not an entity id opens no dialog.
        XCTAssertNil(CompanionWebView.dialogEntity(in: URLComponents(string: "http://h/?more-info-entity-id=Light%20x")!))
    }

    func testALinkToAnotherSiteOpensInTheBrowserNotTheWindow() throws {
        let server = try IntegrationEnvironment.require()
        let (_, _, controller) = try openWindow(server)
        waitUntilConnected(controller)
        let elsewhere = "https://www.home-assistant.io/integrations/thread/"
        _ = try UIThreadWait.evaluate(
            "(() => { const a = document.createElement('a'); a.href = \(try JSONSerializer.string(.string(elsewhere))); document.body.appendChild(a); a.click(); return true; })()", in: controller.view
        )
        XCTAssertTrue(UIThread.iterate(seconds: 10) { self.opened.all == [elsewhere] }, "handed to the browser: \(opened.all)")
        UIThread.iterate(seconds: 1) { false }
        XCTAssertTrue(controller.view.uri?.hasPrefix(server.url) == true, "the window stays on the server: \(controller.view.uri ?? "")")
    }

    func testACertificateThatCannotBeVerifiedStopsThePage() throws {
        let (peer, _) = try LocalhostTLSPeer.started.get()
        let server = try XCTUnwrap(URL(string: "https://localhost:\(try XCTUnwrap(peer.tlsPort))"))
        let view = try CompanionWebView(
            server: server, dataFolder: world.root.appendingPathComponent("window-data"), cacheFolder: world.root.appendingPathComponent("window-cache"),
            logger: world.logs.logger(label: "window", level: .debug), openExternally: { _ in }
        )
        let controller = WindowController(view: view, session: TokenlessWindowSession(server: server), capabilities: FrontendCapabilities(), logger: world.logs.logger(label: "window"))
        self.controller = controller
        view.present()
        view.load(path: "/")
        var title = ""
        XCTAssertTrue(UIThread.iterate(seconds: 20) {
            title = (try? UIThreadWait.evaluate("document.title", in: view)) ?? ""
            return title == "\"This server's certificate is not trusted\""
        }, "the window says why it stopped: \(title)")
        XCTAssertTrue(world.logs.lines.contains { $0.contains("refused https://localhost:") && $0.contains("TLS certificate is not trusted") }, "\(world.logs.lines)")
        XCTAssertFalse(world.logs.lines.contains { $0.contains("getExternalAuth") }, "nothing reached the bridge")
    }

    func testASpoiledTokenMakesTheFrontendAskWithForceAndItRecovers() throws {
        let server = try IntegrationEnvironment.require()
        var spoiling: SpoilingWindowSession?
        let (_, _, controller) = try openWindow(server, session: { session in
            let wrapper = SpoilingWindowSession(session)
            spoiling = wrapper
            return wrapper
        })
        waitUntilConnected(controller, seconds: 90)
        let requests = try XCTUnwrap(spoiling).requests.withLock { $0 }
        XCTAssertEqual(requests.first, false, "the first request does not insist")
        XCTAssertTrue(requests.contains(true), "after the spoiled token failed, the frontend asked with force: \(requests)")
        XCTAssertEqual(try frontendState(controller.view)["user"], .string(server.username))
    }

    func testLoggingOutOnTheProfilePageRevokesTheSessionAndWipesItHere() throws {
        let server = try IntegrationEnvironment.require()
        let (home, _, controller) = try openWindow(server)
        waitUntilConnected(controller)
        XCTAssertTrue(try refreshTokens(server).contains { $0["client_id"] == .string(world.clientID) })
        let siteData = home.folders.data.appendingPathComponent("window")
        XCTAssertTrue(FileManager.default.fileExists(atPath: siteData.path), "the window keeps its site data in the server's folder")
        // What the profile page's log out button does: the frontend's hass-logout event.
        _ = try UIThreadWait.evaluate(
            "document.querySelector('home-assistant').dispatchEvent(new CustomEvent('hass-logout', { bubbles: true, composed: true })); true", in: controller.view
        )
        XCTAssertTrue(UIThread.iterate(seconds: 30) { controller.isSignedOut }, "the window heard revokeExternalAuth: \(world.logs.lines.suffix(10))")
        XCTAssertFalse(try refreshTokens(server).contains { $0["client_id"] == .string(world.clientID) }, "the session is revoked on the server")
        XCTAssertTrue(try Home.servers().isEmpty, "and forgotten here")
        XCTAssertFalse(FileManager.default.fileExists(atPath: siteData.path), "with the window's cookies and site data")
    }

    func testTheFrontendOpensTheSettingsWhereServersSensorsAndNotificationActionsWork() throws {
        let server = try IntegrationEnvironment.require()
        let factories = [
            SessionPlugin.factory, ConnectionPlugin.factory, ThreadPlugin.factory, AgentPlugin.factory(appVersion: "test"), LinuxSensorsPlugin.factory(agentVersion: "test"),
        ]
        let plan = try PluginLoader(catalog: PluginCatalog(factories)).plan(PluginManifest(plugins: factories.map { ManifestEntry(id: $0.descriptor.id) }, baseDirectory: world.root))
        let host = PluginHost(plan: plan, logger: world.logs.logger(label: "plugin-host"))
        let report = try UIThreadWait.result { await host.start() }
        XCTAssertEqual(report.outcome, .running)
        defer { _ = try? UIThreadWait.result { await host.stop() } }
        let access = try host.registry.resolve(SessionCapabilities.access)
        let sensors = try host.registry.resolve(AgentCapabilities.sensorReporting)
        let thread = try host.registry.resolve(ThreadCapabilities.sharing)
        let notifications = try host.registry.resolve(AgentCapabilities.notificationHistory)
        let opened = Mutex<[String]>([])
        // Avahi announcing the test server under its other name: the sign-in form offers it.
        let other = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let announced = try UIThreadWait.result { try await AvahiAnnouncement.json(server, internalURL: other) }
        let avahi = try BusStandIn("tools/avahi-standin.py", [announced])
        defer { avahi.stop() }
        let (home, _, controller) = try openWindow(server, settings: { home in
            let received = try XCTUnwrap(PushNotification(event: .object([
                "message": .string("The washer is done"), "title": .string("Laundry"),
                "data": .object(["actions": .array([.object(["action": .string("OK"), "title": .string("Thanks")])])]),
            ])))
            _ = try NotificationHistory(folder: home.folders.data).record(received)
            return WindowSettings(
                version: "test", server: "\(home.server)", session: access, sensors: sensors, thread: thread, notifications: notifications,
                open: { url in opened.withLock { $0.append(url) } }, discovery: AvahiBrowser(bus: .address(avahi.bus.address), logger: self.world.logs.logger(label: "discovery")),
                switches: { [] }
            )
        })
        let (made, madeOutput) = try HomeProcess(root: world.root, environment: ["HOME_CLIENT_ID": world.clientID]).run(["thread", "new", "--channel", "20", "--name", "Settings Mesh"])
        XCTAssertEqual(made, 0, madeOutput)
        waitUntilConnected(controller)
        let chosen = try XCTUnwrap(try UIThreadWait.result { try await sensors.sensors(server: "\(home.server)") }.first { $0.id == "cpu_use" }, "the Linux sensors are listed")
        XCTAssertFalse(chosen.enabled)
        // The frontend's own way to the companion's settings (its sidebar item when hasSettingsScreen).
        _ = try UIThreadWait.evaluate("window.webkit.messageHandlers.externalBus.postMessage({ type: 'config_screen/show', id: 900 }); true", in: controller.view)
        let loaded = UIThread.iterate(seconds: 20) {
            controller.view.uri == "homecompanion://settings/" && (try? UIThreadWait.evaluate("document.body.dataset.loaded ?? null", in: controller.view)) == "\"yes\""
        }
        XCTAssertTrue(loaded, "the settings page is shown and read its state: \(controller.view.uri ?? "")")
        // A second server signed in to from the page (the same one under another name), found on
        // the network (its URL not typed), which becomes the default; a wrong password first, which
        // is said and stores nothing.
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? UIThreadWait.evaluate("document.body.dataset.discovered ?? null", in: controller.view)) == "\"1\"" }, "the page lists the server Avahi announced")
        let offered = try UIThreadWait.evaluate("document.querySelector('#discovered button').textContent", in: controller.view)
        XCTAssertEqual(offered, try JSONSerializer.string(.string("HomeCompanion Test (2024.3.3) · \(other)")))
        _ = try UIThreadWait.evaluate("document.querySelector('#discovered button').click(); true", in: controller.view)
        XCTAssertEqual(try UIThreadWait.evaluate("document.getElementById('sign-in-server').value", in: controller.view), try JSONSerializer.string(.string(other)))
        let signIn = { (password: String) throws in
            _ = try UIThreadWait.evaluate(
                "document.getElementById('sign-in-username').value = \(try JSONSerializer.string(.string(server.username)));" +
                    "document.getElementById('sign-in-password').value = \(try JSONSerializer.string(.string(password))); document.querySelector('#sign-in button').click(); true",
                in: controller.view
            )
        }
        try signIn("not the password")
        var problem = ""
        XCTAssertTrue(UIThread.iterate(seconds: 20) {
            problem = (try? UIThreadWait.evaluate("document.getElementById('problem').textContent", in: controller.view)) ?? ""
            return problem.count > 2
        }, "a refused sign-in is said on the page")
        XCTAssertTrue(problem.contains("permissionDenied"), problem)
        XCTAssertFalse(try homeOutput("servers").contains(other), "nothing is stored for a refused sign-in")
        try signIn(server.password)
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? self.homeOutput("servers"))?.contains("* \(other)") == true }, "the page signed in: \((try? self.homeOutput("servers")) ?? "")")
        let signedInHere = UIThread.iterate(seconds: 20) {
            (try? UIThreadWait.evaluate(
                "document.getElementById('problem').textContent === '' && document.getElementById('sign-in-server').value === '' && document.getElementById('servers').textContent.includes(\(try JSONSerializer.string(.string(other))))",
                in: controller.view
            )) == "true"
        }
        XCTAssertTrue(signedInHere, "the page lists the new server, says no problem and empties the form")
        XCTAssertTrue(avahi.log.contains { $0.hasPrefix("resolved ") })
        _ = try UIThreadWait.evaluate("document.getElementById('sensor-cpu_use').focus(); document.getElementById('sensor-cpu_use').click(); true", in: controller.view)
        let enabled = UIThread.iterate(seconds: 20) {
            (try? UIThreadWait.result { try await sensors.sensors(server: "\(home.server)") })?.first { $0.id == "cpu_use" }?.enabled == true
        }
        XCTAssertTrue(enabled, "the checkbox turned the sensor on")
        // The values are read again in place: the switch the keyboard is on keeps its focus.
        let refreshed = UIThread.iterate(seconds: 20) {
            (try? UIThreadWait.evaluate("Number(document.body.dataset.refreshes || 0) >= 2", in: controller.view)) == "true"
        }
        XCTAssertTrue(refreshed, "the page reads the sensors again after the switch and on its timer")
        XCTAssertEqual(try UIThreadWait.evaluate("document.activeElement.id", in: controller.view), "\"sensor-cpu_use\"")
        XCTAssertEqual(try UIThreadWait.evaluate("document.getElementById('value-cpu_use').textContent.endsWith(' %')", in: controller.view), "true")
        let (status, listed) = try HomeProcess(root: world.root, environment: ["HOME_CLIENT_ID": world.clientID]).run(["sensors", "--json", "--server", "\(home.server)"])
        XCTAssertEqual(status, 0, listed)
        let rows = try XCTUnwrap(try JSONParser.parse(listed).arrayValue).compactMap(\.objectValue)
        XCTAssertEqual(rows.first { $0["id"] == .string("cpu_use") }?["enabled"], .bool(true), "home sensors shows what the page chose")
        let listedThread = try UIThreadWait.evaluate("document.getElementById('thread').textContent", in: controller.view)
        XCTAssertTrue(listedThread.contains("Settings Mesh20"), "the page lists the companion's Thread networks: \(listedThread)")
        let listedNotifications = try UIThreadWait.evaluate("document.getElementById('notifications').textContent", in: controller.view)
        XCTAssertTrue(listedNotifications.contains("Laundry: The washer is doneThanks"), "the page lists what the agent received: \(listedNotifications)")
        // Its button presses the action: the server gets mobile_app_notification_action.
        let watcher = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        let actions = try UIThreadWait.result {
            await watcher.start()
            return try await ReceivedEvents(watcher, eventType: "mobile_app_notification_action")
        }
        defer { _ = try? UIThreadWait.result { await watcher.stop() } }
        _ = try UIThreadWait.evaluate("Array.from(document.querySelectorAll('#notifications button')).find((button) => button.textContent === 'Thanks').click(); true", in: controller.view)
        XCTAssertTrue(UIThread.iterate(seconds: 30) { actions.count > 0 }, "the press reached the server: \(world.logs.lines.suffix(10))")
        let pressed = try UIThreadWait.result { await actions.data(0, within: 1) }
        XCTAssertEqual(pressed?["action"], .string("OK"))
        XCTAssertEqual(pressed?["message"], .string("The washer is done"))
        // The agent starts with the session: the same entry `home autostart enable --agent` writes.
        _ = try UIThreadWait.evaluate("document.getElementById('autostart-agent').click(); true", in: controller.view)
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? self.homeOutput("autostart"))?.hasPrefix("agent: starts with the session\ntray: off") == true }, (try? homeOutput("autostart")) ?? "")
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? UIThreadWait.evaluate("document.getElementById('autostart-agent').checked", in: controller.view)) == "true" })
        // A quick action pinned to the tray from the page, as `home tray pin` does; a lock is refused with the reason.
        let pinFrom = { (entity: String) throws in
            _ = try UIThreadWait.evaluate("document.getElementById('pin-entity').value = \(try JSONSerializer.string(.string(entity))); document.querySelector('#pin button').click(); true", in: controller.view)
        }
        try pinFrom("lock.front_door")
        XCTAssertTrue(UIThread.iterate(seconds: 20) {
            (try? UIThreadWait.evaluate("document.getElementById('problem').textContent", in: controller.view))?.contains("lock.front_door is not a quick action") == true
        })
        try pinFrom("light.bed_light")
        let pinned = { (try? self.homeOutput("tray", "pins", "--server", "\(home.server)")) ?? "" }
        XCTAssertTrue(UIThread.iterate(seconds: 20) { pinned() == "light.bed_light\n" }, pinned())
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? UIThreadWait.evaluate("document.getElementById('pins').textContent", in: controller.view)) == "\"light.bed_lightUnpin\"" })
        UIThread.iterate(seconds: 1) { false }
        _ = try screenshot(controller.view, named: "settings")

        // The servers: the window's own is made the default again, and the other one is opened.
        // serverButton finds a row's button ("present" or "missing"), or presses it ("pressed").
        let serverButton = { (url: String, button: String, click: Bool) throws -> String in
            try UIThreadWait.evaluate(
                "((found) => found ? (\(click ? "found.click(), 'pressed'" : "'present'")) : 'missing')(Array.from(Array.from(document.querySelectorAll('#servers tr'))" +
                    ".find((row) => row.cells[0].textContent === \(try JSONSerializer.string(.string(url))))?.querySelectorAll('button') ?? [])" +
                    ".find((button) => button.textContent === \(try JSONSerializer.string(.string(button)))))",
                in: controller.view
            )
        }
        XCTAssertEqual(try serverButton(other, "Make default", false), "\"missing\"", "the default server has no such button")
        XCTAssertEqual(try serverButton("\(home.server)", "Open", false), "\"missing\"", "the window's own server is open already")
        XCTAssertEqual(try serverButton("\(home.server)", "Make default", true), "\"pressed\"")
        let madeDefault = UIThread.iterate(seconds: 20) {
            (try? self.homeOutput("servers"))?.hasPrefix("* \(home.server)") == true
        }
        XCTAssertTrue(madeDefault, "the page's choice is home servers' default")
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? serverButton(other, "Make default", false)) == "\"present\"" }, "the page read the servers again")
        XCTAssertEqual(try serverButton(other, "Open", true), "\"pressed\"")
        XCTAssertTrue(UIThread.iterate(seconds: 20) { opened.withLock { $0 } == [other] }, "the switcher was asked for the other server: \(opened.withLock { $0 })")
    }

    func testTheSettingsTurnControlsAndPluginsOnAndOffAndSignInInTheBrowser() throws {
        let server = try IntegrationEnvironment.require()
        // The browser is an xdg-open that writes down the address it was given.
        let bin = world.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let browserLog = world.root.appendingPathComponent("browser.log")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(browserLog.path)'\n".write(to: bin.appendingPathComponent("xdg-open"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("xdg-open").path)
        var withBrowser = Current
        let environment = Current.environment().merging(["PATH": bin.path + ":/usr/bin:/bin"]) { _, new in new }
        withBrowser.environment = { environment }
        Current = withBrowser
        let factories = [
            SessionPlugin.factory, ConnectionPlugin.factory, ThreadPlugin.factory, AgentPlugin.factory(appVersion: "test"), LinuxSensorsPlugin.factory(agentVersion: "test"),
            SystemControlsPlugin.factory, MQTTPlugin.factory,
        ]
        let plan = try PluginLoader(catalog: PluginCatalog(factories)).plan(PluginManifest(plugins: factories.map { ManifestEntry(id: $0.descriptor.id) }, baseDirectory: world.root))
        let host = PluginHost(plan: plan, logger: world.logs.logger(label: "plugin-host"))
        // The plugins' own switches, as `home` gives them: its manifest in this world's folder.
        let manifest = ManifestSource(option: nil, directories: world.layout, factories: BuiltInCatalog.factories, defaults: BuiltInCatalog.defaults)
        try host.extensions.contribute(SettingsPoint.switches, name: "plugins", ManifestPlugins(source: manifest, states: { await host.report }), by: "home")
        XCTAssertEqual(try UIThreadWait.result { await host.start() }.outcome, .running)
        defer { _ = try? UIThreadWait.result { await host.stop() } }
        let (home, _, controller) = try openWindow(server, settings: { _ in
            WindowSettings(
                version: "test", server: server.url, session: try host.registry.resolve(SessionCapabilities.access), sensors: try host.registry.resolve(AgentCapabilities.sensorReporting),
                thread: try host.registry.resolve(ThreadCapabilities.sharing), notifications: try host.registry.resolve(AgentCapabilities.notificationHistory), open: { _ in },
                discovery: AvahiBrowser(bus: .address("unix:path=/nonexistent"), logger: self.world.logs.logger(label: "discovery")),
                switches: { host.extensions.contributions(to: SettingsPoint.switches) }
            )
        })
        waitUntilConnected(controller)
        controller.showSettings()
        let loaded = UIThread.iterate(seconds: 20) { (try? UIThreadWait.evaluate("document.body.dataset.loaded ?? null", in: controller.view)) == "\"yes\"" }
        XCTAssertTrue(loaded, "the settings page read its state: \(world.logs.lines.suffix(10))")
        let page = { (script: String) in (try? UIThreadWait.evaluate(script, in: controller.view)) ?? "" }
        XCTAssertEqual(page("document.getElementById('switches-controls-title').textContent"), "\"Controls\"")
        XCTAssertEqual(page("document.getElementById('switch-controls-lock_screen').checked"), "false", "every control is off until chosen")
        XCTAssertTrue(page("document.getElementById('switches-plugins').textContent").contains("(started)"), "a plugin running in this process says so")
        XCTAssertEqual(page("document.getElementById('switch-plugins-tags').checked"), "true")
        // A control offered to the server from the page is what `home controls` lists.
        _ = page("document.getElementById('switch-controls-lock_screen').click(); true")
        let controls = { () -> [String: JSONValue] in
            let listed = (try? HomeProcess(root: self.world.root, environment: ["HOME_CLIENT_ID": self.world.clientID]).run(["controls", "--json", "--server", "\(home.server)"]).1) ?? "[]"
            return Dictionary(uniqueKeysWithValues: ((try? JSONParser.parse(listed))?.arrayValue ?? []).compactMap(\.objectValue).compactMap { row in row["id"]?.stringValue.map { ($0, row["enabled"] ?? .null) } })
        }
        XCTAssertTrue(UIThread.iterate(seconds: 20) { controls()["lock_screen"] == .bool(true) }, "\(controls())")
        XCTAssertEqual(controls()["suspend"], .bool(false))
        _ = page("document.getElementById('switches-controls').scrollIntoView(); true")
        _ = try screenshot(controller.view, named: "settings-switches")
        // A plugin turned off in the manifest `home` reads, with what needs it; and on again.
        _ = page("document.getElementById('switch-plugins-agent').click(); true")
        let pluginStates = { () -> [String: String] in
            let listed = (try? HomeProcess(root: self.world.root, environment: ["HOME_CLIENT_ID": self.world.clientID]).run(["plugins", "--json"]).1) ?? "{}"
            let rows = ((try? JSONParser.parse(listed))?.objectValue?["plugins"]?.arrayValue ?? []).compactMap(\.objectValue)
            return Dictionary(uniqueKeysWithValues: rows.compactMap { row in row["id"]?.stringValue.map { ($0, row["state"]?.stringValue ?? "") } })
        }
        XCTAssertTrue(UIThread.iterate(seconds: 30) { pluginStates()["agent"] == "disabled" }, "\(pluginStates())")
        XCTAssertEqual(pluginStates()["tags"], "disabled", "what needs the agent goes with it")
        XCTAssertTrue(UIThread.iterate(seconds: 20) { page("document.getElementById('switch-plugins-tags').checked") == "false" }, "the page shows it: \(page("document.getElementById('problem').textContent + document.getElementById('switches-plugins').textContent"))")
        _ = page("document.getElementById('switch-plugins-agent').click(); true")
        XCTAssertTrue(UIThread.iterate(seconds: 30) { pluginStates()["agent"] == "started" && pluginStates()["tags"] == "started" }, "\(pluginStates())")
        // Signing in in the browser: the page waits while the person signs in there.
        let other = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        _ = page("document.getElementById('sign-in-server').value = \(try JSONSerializer.string(.string(other))); document.getElementById('sign-in-browser').click(); true")
        var asked: URL?
        XCTAssertTrue(UIThread.iterate(seconds: 20) {
            asked = (try? String(contentsOf: browserLog, encoding: .utf8))?.split(separator: "\n").first.flatMap { URL(string: String($0)) }
            return asked != nil
        }, "the browser was opened")
        XCTAssertTrue(page("document.getElementById('browser-waiting').textContent").contains("Waiting"))
        let url = try XCTUnwrap(asked)
        XCTAssertTrue(url.absoluteString.hasPrefix(other + "/auth/authorize?"), url.absoluteString)
        _ = try UIThreadWait.result { await BrowserPlayer.play(url, server: server) }
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? self.homeOutput("servers"))?.contains(other) == true }, (try? homeOutput("servers")) ?? "")
        XCTAssertTrue(UIThread.iterate(seconds: 20) { page("document.getElementById('servers').textContent").contains(other) }, "the page lists it")
        XCTAssertEqual(page("document.getElementById('browser-waiting').textContent"), "\"\"")
    }

    /// What `home COMMAND…` prints for this world's user.
    private func homeOutput(_ command: String...) throws -> String {
        try HomeProcess(root: world.root, environment: ["HOME_CLIENT_ID": world.clientID]).run(command).1
    }

    func testImportingThreadCredentialsFromTheFrontendSharesTheChosenNetwork() throws {
        let server = try IntegrationEnvironment.require()
        let factories = [SessionPlugin.factory, ConnectionPlugin.factory, ThreadPlugin.factory]
        let plan = try PluginLoader(catalog: PluginCatalog(factories)).plan(PluginManifest(plugins: factories.map { ManifestEntry(id: $0.descriptor.id) }, baseDirectory: world.root))
        let host = PluginHost(plan: plan, logger: world.logs.logger(label: "plugin-host"))
        XCTAssertEqual(try UIThreadWait.result { await host.start() }.outcome, .running)
        defer { _ = try? UIThreadWait.result { await host.stop() } }
        let sharing = try host.registry.resolve(ThreadCapabilities.sharing)
        let (_, _, controller) = try openWindow(server, threadNetworks: { home in ServerThreadOffer(sharing: sharing, server: "\(home.server)") })
        waitUntilConnected(controller)
        let name = "Window \(UUID().uuidString.prefix(6))"
        let (made, output) = try HomeProcess(root: world.root, environment: ["HOME_CLIENT_ID": world.clientID]).run(["thread", "new", "--channel", "15", "--name", name])
        XCTAssertEqual(made, 0, output)
        // The frontend's "import from the app" button on its Thread page sends this.
        _ = try UIThreadWait.evaluate("window.webkit.messageHandlers.externalBus.postMessage({ type: 'thread/import_credentials', id: 950 }); true", in: controller.view)
        XCTAssertTrue(UIThread.iterate(seconds: 20) { controller.threadDialog != nil }, "the native dialog opened")
        let dialog = try XCTUnwrap(controller.threadDialog)
        let index = try XCTUnwrap(dialog.networks.firstIndex { $0.label.hasPrefix(name) }, "the dialog lists the companion's networks: \(dialog.networks)")
        dialog.choose(index)
        dialog.confirm()
        XCTAssertTrue(UIThread.iterate(seconds: 30) { dialog.outcome != nil })
        XCTAssertEqual(dialog.outcome, "shared \(dialog.networks[index].label)")
        let listed = try UIThreadWait.result { try await AdminConnection(server: server).send("thread/list_datasets") }
        let datasets = (listed.objectValue?["datasets"]?.arrayValue ?? []).compactMap(\.objectValue)
        let shared = try XCTUnwrap(datasets.first { $0["network_name"] == .string(name) }, "the server lists the shared network: \(datasets.map { $0["network_name"] })")
        if case .string(let id)? = shared["dataset_id"] {
            _ = try? UIThreadWait.result { try await AdminConnection(server: server).send("thread/delete_dataset", ["dataset_id": .string(id)]) }
        }
    }

    func testAddMatterDeviceOpensTheNativeDialogWhichCommissionsThroughTheServer() throws {
        let server = try IntegrationEnvironment.require()
        let matter = try MatterStandIn(server)
        defer { _ = try? UIThreadWait.result { await matter.remove() } }
        try UIThreadWait.result { try await matter.addIntegration() }
        let factories = [SessionPlugin.factory, ConnectionPlugin.factory, ThreadPlugin.factory, MatterPlugin.factory]
        let plan = try PluginLoader(catalog: PluginCatalog(factories)).plan(PluginManifest(plugins: factories.map { ManifestEntry(id: $0.descriptor.id) }, baseDirectory: world.root))
        let host = PluginHost(plan: plan, logger: world.logs.logger(label: "plugin-host"))
        XCTAssertEqual(try UIThreadWait.result { await host.start() }.outcome, .running)
        defer { _ = try? UIThreadWait.result { await host.stop() } }
        let commissioning = try XCTUnwrap(host.extensions.contributions(to: WindowPoints.matterCommissioners).first?.value)
        let sharing = try host.registry.resolve(ThreadCapabilities.sharing)
        let (home, _, controller) = try openWindow(
            server, threadNetworks: { home in ServerThreadOffer(sharing: sharing, server: "\(home.server)") },
            matter: { home in ServerMatterOffer(commissioning: commissioning, server: "\(home.server)") }
        )
        XCTAssertTrue(try UIThreadWait.result { await commissioning.isAvailable(server: "\(home.server)") }, "the server has Matter running")
        waitUntilConnected(controller)
        // The frontend read canCommissionMatter from config/get: its "Add Matter device" goes to the app.
        let offered = UIThread.iterate(seconds: 20) {
            (try? UIThreadWait.evaluate("document.querySelector('home-assistant')?.hass?.auth?.external?.config?.canCommissionMatter ?? null", in: controller.view)) == "true"
        }
        XCTAssertTrue(offered, "the frontend knows the window commissions Matter devices")
        _ = try UIThreadWait.evaluate("document.querySelector('home-assistant').hass.auth.external.fireMessage({ type: 'matter/commission' }); true", in: controller.view)
        XCTAssertTrue(UIThread.iterate(seconds: 20) { controller.matterDialog != nil }, "the native dialog opened")
        let dialog = try XCTUnwrap(controller.matterDialog)
        // A mistyped code is refused in the dialog, and never reaches the server.
        dialog.enter(code: "34970112331")
        dialog.choose(try XCTUnwrap(dialog.choices.firstIndex { $0.network == .onNetwork }))
        dialog.confirm()
        XCTAssertTrue(UIThread.iterate(seconds: 20) { dialog.outcome != nil })
        XCTAssertTrue(dialog.outcome?.contains("check digit is wrong") == true, "\(dialog.outcome ?? "")")
        XCTAssertTrue(dialog.statusText.contains("check digit is wrong"), dialog.statusText)
        XCTAssertFalse(matter.log.contains("command commission_with_code"))
        // Asked again while it is open: the same dialog comes forward.
        _ = try UIThreadWait.evaluate("document.querySelector('home-assistant').hass.auth.external.fireMessage({ type: 'matter/commission' }); true", in: controller.view)
        UIThread.iterate(seconds: 1) { false }
        XCTAssertTrue(controller.matterDialog === dialog && dialog.isOpen)
        // Over Wi-Fi, the code read from a photo of the label (as "From a photo…" reads the file chosen).
        let label = world.root.appendingPathComponent("label.png")
        let drawing = PeerLaunch.venvScript("tools/qr-picture.py", ["MT:Y.K9042C00KA0648G00", label.path])
        try drawing.run()
        drawing.waitUntilExit()
        dialog.usePicture(world.root.appendingPathComponent("missing.png").path)
        XCTAssertTrue(dialog.statusText.contains("no such file"), dialog.statusText)
        dialog.usePicture(label.path)
        XCTAssertEqual(dialog.statusText, "Read MT:Y.K9042C00KA0648G00 from the photo.")
        let wifi = try XCTUnwrap(dialog.choices.firstIndex { $0.network == nil })
        dialog.choose(wifi)
        dialog.enterWiFi(ssid: "Home Wi-Fi", password: "correct horse")
        // The dialog as a person sees it, filled in (under .build/window-tests).
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        let picture = Self.screenshots.appendingPathComponent("matter-dialog.png")
        XCTAssertTrue(UIThread.iterate(seconds: 10) { dialog.picture(to: picture) }, "the dialog was drawn and written")
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: picture.path)[.size] as? Int) ?? 0, 5_000, "a drawn dialog, not an empty picture")
        dialog.confirm()
        XCTAssertTrue(UIThread.iterate(seconds: 60) { dialog.outcome?.hasPrefix("added") == true }, "\(dialog.outcome ?? "") \(dialog.statusText)")
        XCTAssertTrue(dialog.outcome?.contains("Stand-in Light") == true, "\(dialog.outcome ?? "")")
        XCTAssertFalse(dialog.isOpen, "it closed on success; the frontend shows the new device")
        XCTAssertTrue(matter.log.contains("wifi Home Wi-Fi (13 characters)"), matter.log.joined(separator: "\n"))
        XCTAssertTrue(matter.log.contains("commissioned 1 with MT:Y.K9042C00KA0648G00"), matter.log.joined(separator: "\n"))
        XCTAssertTrue(world.logs.lines.contains { $0.contains("Matter commissioning: added Stand-in Light") }, "\(world.logs.lines.suffix(10))")
    }

    func testClosingWhileATrayRunsHidesTheWindowUntilTheTrayGoes() throws {
        let server = try IntegrationEnvironment.require()
        let (_, _, controller) = try openWindow(server)
        let hiddenWhileRunning = Mutex(false)
        UIThread.perform { [view = controller.view] in view.requestClose() }
        UIThread.perform { [view = controller.view] in
            hiddenWhileRunning.withLock { $0 = view.isHidden }
            controller.closeIfHidden()
        }
        controller.runUntilClosed(path: "/lovelace/0", geometryFile: world.root.appendingPathComponent("window.json"), hidesOnClose: { true })
        XCTAssertTrue(hiddenWhileRunning.withLock { $0 }, "closing hid the window and the loop went on")
        XCTAssertTrue(world.logs.lines.contains { $0.contains("the window is hidden: the tray keeps it") })
        XCTAssertTrue(world.logs.lines.contains { $0.contains("the tray went away: the hidden window closes") })
        // A shown window is not closed by the tray going away.
        UIThread.perform { [view = controller.view] in
            controller.closeIfHidden()
            view.requestClose()
        }
        controller.runUntilClosed(path: "/lovelace/0", geometryFile: world.root.appendingPathComponent("window.json"), hidesOnClose: { false })
        XCTAssertEqual(world.logs.lines.filter { $0.contains("the tray went away") }.count, 1)
    }

    func testTheWindowComesBackAtTheSizeItWasClosedAt() throws {
        let server = try IntegrationEnvironment.require()
        let file = world.root.appendingPathComponent("window.json")
        let (_, _, first) = try openWindow(server)
        UIThread.perform { [view = first.view] in
            view.setSize(width: 900, height: 700)
            view.requestClose()
        }
        first.runUntilClosed(path: "/lovelace/0", geometryFile: file)
        let saved = try JSONParser.parse(String(contentsOf: file, encoding: .utf8)).objectValue
        XCTAssertEqual(saved?["width"], .integer(900))
        XCTAssertEqual(saved?["height"], .integer(700))
        first.close()
        let (_, _, second) = try openWindow(server)
        let reopened = Mutex<WindowGeometry?>(nil)
        UIThread.perform { [view = second.view] in
            reopened.withLock { $0 = view.geometry }
            view.requestClose()
        }
        second.runUntilClosed(path: "/lovelace/0", geometryFile: file)
        XCTAssertEqual(reopened.withLock { $0 }, WindowGeometry(width: 900, height: 700, maximized: false))
    }

    func testTheFrontendSpeaksTheLanguageHomeLocaleSet() throws {
        let server = try IntegrationEnvironment.require()
        let admin = AdminConnection(server: server)
        let before = try UIThreadWait.result { try await admin.send("frontend/get_user_data", ["key": .string("language")]) }
        defer {
            let value = before.objectValue?["value"] ?? .null
            _ = try? UIThreadWait.result { try await admin.send("frontend/set_user_data", ["key": .string("language"), "value": value]) }
        }
        let home = HomeProcess(root: world.root, environment: ["HOME_CLIENT_ID": world.clientID])
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let (status, output) = try home.run(["locale", "set", "nl"])
        XCTAssertEqual(status, 0, output)
        let (_, _, controller) = try openWindow(server)
        waitUntilConnected(controller)
        var language = ""
        XCTAssertTrue(UIThread.iterate(seconds: 20) {
            language = (try? UIThreadWait.evaluate("document.querySelector('home-assistant')?.hass?.language ?? null", in: controller.view)) ?? ""
            return language == "\"nl\""
        }, "the frontend follows home locale: \(language)")
    }

    func testWakingFromSleepMakesTheFrontendReconnectAtOnce() throws {
        try assertReconnects(after: ["sleep", "resume"], said: "the machine woke up", "the resume only, not the suspend")
    }

    func testTheNetworkComingBackMakesTheFrontendReconnectAtOnce() throws {
        try assertReconnects(after: ["offline", "online"], said: "the network is back", "the return only, not the loss")
    }

    /// Opens the window with the system bus stand-in, has it emit `signals`, and checks that the
    /// frontend restarted once, saying `said`, and is connected again.
    private func assertReconnects(after signals: [String], said: String, _ why: String) throws {
        let server = try IntegrationEnvironment.require()
        let system = try BusStandIn("tools/system-bus-standin.py", [])
        defer { system.stop() }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", system.bus.address, 1)
        defer { unsetenv("DBUS_SYSTEM_BUS_ADDRESS") }
        let (_, _, controller) = try openWindow(server)
        waitUntilConnected(controller)
        for signal in signals { system.send(signal) }
        XCTAssertTrue(UIThread.iterate(seconds: 20) { self.world.logs.lines.contains { $0.contains("the frontend did restart") } }, "\(world.logs.lines.suffix(15)) \(system.log)")
        let lines = world.logs.lines
        XCTAssertEqual(lines.filter { $0.contains(said) }.count, 1, "\(why): \(lines)")
        XCTAssertTrue(UIThread.iterate(seconds: 20) { controller.connection == "connected" }, "connected again")
    }

    func testTheServersPageCannotReachTheSettings() throws {
        let server = try IntegrationEnvironment.require()
        let (_, _, controller) = try openWindow(server, settings: { _ in StaticSettings() })
        waitUntilConnected(controller)
        _ = try UIThreadWait.evaluate(
            "window.__probe = null; fetch('homecompanion://settings/state').then((r) => { window.__probe = 'status ' + r.status; }, () => { window.__probe = 'blocked'; }); true", in: controller.view
        )
        var probe = "null"
        XCTAssertTrue(UIThread.iterate(seconds: 20) {
            probe = (try? UIThreadWait.evaluate("window.__probe", in: controller.view)) ?? "null"
            return probe != "null"
        })
        XCTAssertTrue(probe == "\"blocked\"" || probe == "\"status 403\"", "a server page does not read the settings: \(probe)")
    }

    func testAMessageFromAFrameOfAnotherOriginIsIgnored() throws {
        let server = try IntegrationEnvironment.require()
        let (_, _, controller) = try openWindow(server)
        waitUntilConnected(controller)
        // A frame of another (opaque) origin tries every way to the bridge, then tells the top it ran.
        let frame = """
            <script>
            const message = { type: "config/get", id: 4242 };
            try { window.webkit.messageHandlers.externalBus.postMessage(message); } catch (e) {}
            try { window.top.webkit.messageHandlers.externalBus.postMessage(message); } catch (e) {}
            try { window.top.dispatchEvent(new CustomEvent("homecompanion-bridge", { detail: JSON.stringify({ name: "externalBus", message }) })); } catch (e) {}
            parent.postMessage("frame-ran", "*");
            </script>
            """
        let script = """
            (() => {
              window.__frameRan = false;
              window.addEventListener("message", (event) => { if (event.data === "frame-ran") { window.__frameRan = true; } });
              const frame = document.createElement("iframe");
              frame.src = "data:text/html," + encodeURIComponent(\(try JSONSerializer.string(.string(frame))));
              document.body.appendChild(frame);
              return true;
            })()
            """
        _ = try UIThreadWait.evaluate(script, in: controller.view)
        XCTAssertTrue(UIThread.iterate(seconds: 20) { (try? UIThreadWait.evaluate("window.__frameRan", in: controller.view)) == "true" }, "the frame's script ran")
        UIThread.iterate(seconds: 1) { false }
        XCTAssertFalse(world.logs.lines.contains { $0.contains("(id 4242)") }, "no message from the frame reached the bridge: \(world.logs.lines.filter { $0.contains("externalBus") })")
        XCTAssertTrue(world.logs.lines.contains { $0.contains("externalBus config/get (id 1)") }, "while the top frame's did")
    }
}
