import Foundation
import XCTest

final class PluginsCommandTests: HomeCLITestCase {
    func testListsTheBuiltInManifestWithStates() async {
        let result = await home("plugins")
        XCTAssertEqual(result.code, .success)
        XCTAssertEqual(result.out, """
        manifest: built-in
        PLUGIN                 VERSION  STATE     POLICY   DETAIL
        session                1.0.0    started   abort
        connection             1.0.0    started   abort
        push-channels          1.0.0    started   degrade
        linux-sensors          1.0.0    started   degrade
        home-devices           1.0.0    started   degrade
        thread                 1.0.0    started   degrade
        improv                 1.0.0    started   degrade
        location               1.0.0    started   ignore
        system-controls        1.0.0    started   degrade
        mqtt                   1.0.0    started   degrade
        script-sensors         1.0.0    started   degrade
        design-tokens          1.0.0    started   degrade
        window                 1.0.0    started   degrade
        links                  1.0.0    started   degrade
        desktop-notifications  1.0.0    started   ignore
        agent                  1.0.0    started   abort
        assist                 1.0.0    started   degrade
        templates              1.0.0    started   degrade
        tags                   1.0.0    started   degrade
        zones                  1.0.0    started   degrade
        desktop                1.0.0    started   degrade
        tray                   1.0.0    started   degrade
        matter                 1.0.0    started   degrade
        theme-files            -        disabled  -
        startup: running

        WIRING
          session                provides session.access@1; commands: login, logout, servers, status, locale, permissions
          connection             provides ha.connections@1; requires session.access@1; commands: states, call, watch, status-line
          push-channels          requires ha.connections@1; agent.notification-channels: local-push, relay-stream
          linux-sensors          agent.sensor-sources: linux
          home-devices           provides devices.model@1; requires session.access@1, ha.connections@1; commands: devices, device, rooms, \
        automations
          thread                 provides thread.sharing@1; requires session.access@1, ha.connections@1; commands: thread; session.server-forgetting: thread
          improv                 requires session.access@1, ha.connections@1; commands: improv
          location               agent.location-sources: location
          system-controls        agent.controls: system
          mqtt                   requires session.access@1; reads agent.controls; agent.services: mqtt; commands: controls; settings.switches: controls
          script-sensors         agent.sensor-sources: scripts
          design-tokens          provides design.theme-exporter@1; commands: theme
          window                 requires session.access@1; reads window.frontends; commands: window
          links                  requires session.access@1; commands: open; window.openers: launcher
          desktop-notifications  reads window.openers; agent.notification-presenters: desktop
          agent                  provides agent.webhook@1, agent.sensor-reporting@1, agent.notification-history@1; requires session.access@1; reads agent.sensor-sources, agent.notification-channels, \
        agent.notification-handlers, agent.notification-presenters, agent.location-sources, agent.services; commands: agent, sensors, notifications; \
        session.server-forgetting: agent-relay
          assist                 requires agent.webhook@1, session.access@1, ha.connections@1; commands: assist
          templates              requires agent.webhook@1; commands: template
          tags                   requires agent.webhook@1; commands: tag
          zones                  requires agent.webhook@1; commands: zones
          desktop                commands: autostart
          tray                   requires session.access@1, ha.connections@1, agent.notification-history@1; reads window.openers; commands: tray
          matter                 requires session.access@1, ha.connections@1, thread.sharing@1; commands: matter; window.matter-commissioners: home-assistant

        """)
    }

    func testListsAsJSON() async throws {
        let result = await home("plugins", "--json")
        XCTAssertEqual(result.code, .success)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let plugins = object?["plugins"] as? [[String: Any]]
        XCTAssertEqual(
            plugins?.map { $0["id"] as? String },
            ["session", "connection", "push-channels", "linux-sensors", "home-devices", "thread", "improv", "location", "system-controls", "mqtt", "script-sensors",
             "design-tokens", "window", "links", "desktop-notifications", "agent", "assist", "templates", "tags", "zones", "desktop", "tray", "matter", "theme-files"]
        )
        XCTAssertEqual(plugins?.map { $0["state"] as? String }, Array(repeating: "started", count: 23) + ["disabled"])
        XCTAssertEqual(object?["outcome"] as? String, "running")
        let agent = try XCTUnwrap(plugins?.first { $0["id"] as? String == "agent" })
        XCTAssertEqual(agent["requires"] as? [String], ["session.access@1"])
        XCTAssertEqual(
            agent["consumes"] as? [String],
            ["agent.sensor-sources", "agent.notification-channels", "agent.notification-handlers", "agent.notification-presenters", "agent.location-sources",
             "agent.services"]
        )
        let commands = (agent["contributes"] as? [[String: String]])?.filter { $0["point"] == "commands" }.compactMap { $0["name"] }
        XCTAssertEqual(commands, ["agent", "sensors", "notifications"])
        let sensors = try XCTUnwrap(plugins?.first { $0["id"] as? String == "linux-sensors" })
        XCTAssertEqual(sensors["contributes"] as? [[String: String]], [["point": "agent.sensor-sources", "name": "linux"]])
    }

    func testTheLinuxSensorsPluginDecidesWhichSensorsExist() async throws {
        let manifest = root.appendingPathComponent("sensors.json")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion": 1, "plugins": [{"id": "linux-sensors", "configuration": {"exclude": ["ipv4_address"]}}]}"#.utf8).write(to: manifest)
        let checked = await home("plugins", "check", manifest.path)
        XCTAssertEqual(checked.code, .success, checked.out + checked.error)
        let bad = root.appendingPathComponent("bad.json")
        try Data(#"{"schemaVersion": 1, "plugins": [{"id": "linux-sensors", "configuration": {"exclude": ["nope"]}}]}"#.utf8).write(to: bad)
        let failed = await home("plugins", "--manifest", bad.path)
        XCTAssertTrue(failed.out.contains("no sensor 'nope'"), failed.out + failed.error)
    }

    func testUsesTheManifestInTheConfigurationFolder() async throws {
        try FileManager.default.createDirectory(at: layout.configuration, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion": 1, "plugins": [{"id": "design-tokens", "enabled": false}]}"#.utf8)
            .write(to: layout.defaultManifest)
        let result = await home("plugins")
        XCTAssertTrue(result.out.hasPrefix("manifest: \(layout.defaultManifest.path)\n"), result.out)
        XCTAssertTrue(result.out.contains("design-tokens          -        disabled"), result.out)
        XCTAssertTrue(result.out.contains("session                1.0.0    started"), "plugins the file does not name keep their defaults: \(result.out)")
    }

    func testThemeFilesPluginWritesFilesWhenEnabled() async throws {
        let result = await home("plugins", "--manifest", example("themes.json"))
        XCTAssertEqual(result.code, .success, result.error)
        let themes = layout.data.appendingPathComponent("themes")
        let files = try FileManager.default.contentsOfDirectory(atPath: themes.path).sorted()
        XCTAssertEqual(files, ["indigo-night.css", "indigo-night.yaml"])
        let yaml = try String(contentsOf: themes.appendingPathComponent("indigo-night.yaml"), encoding: .utf8)
        XCTAssertTrue(yaml.contains("primary-color: \"#3f51b5\""), yaml)
    }

    func testAnInvalidManifestExitsWithOneAndEveryDiagnostic() async {
        let result = await home("plugins", "--manifest", example("broken.json"))
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.error.hasSuffix("broken.json: 6 problem(s)\n"), result.error)
    }

    func testPreparesXDGFoldersWith0700() async throws {
        _ = await home("--version")
        for folder in [layout.configuration, layout.data] {
            let permissions = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
            XCTAssertEqual(permissions, 0o700, folder.path)
        }
    }

    func testCallWithoutThePluginSaysWhatIsMissing() async {
        let result = await home("plugins", "call", "example.greeting", #"{"name": "Ada"}"#)
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.error.contains("no started plugin provides capability example.greeting@1"), result.error)
    }

    func testCallRejectsBadArguments() async {
        let badJSON = await home("plugins", "call", "example.greeting", "{name")
        XCTAssertEqual(badJSON.code, .usage)
        XCTAssertTrue(badJSON.error.hasPrefix("error: the request is not valid JSON"), badJSON.error)
        let badVersion = await home("plugins", "call", "example.greeting@x")
        XCTAssertEqual(badVersion.code, .usage)
    }
}
