import CLIKit
import Foundation
import XCTest

/// `home plugins enable|disable ID`: the manifest in the configuration folder is made or changed
/// (only that entry), what goes with the change is said, and a change that would not load, an
/// unknown plugin or a manifest that is not JSON leaves the file as it was.
final class PluginsSwitchCommandTests: HomeCLITestCase {
    private var manifest: URL { layout.defaultManifest }

    private func manifestText() throws -> String {
        try String(contentsOf: manifest, encoding: .utf8)
    }

    func testDisablingWritesOnlyThatEntryAndSaysWhatGoesWithIt() async throws {
        let disabled = await home("plugins", "disable", "agent")
        XCTAssertEqual(disabled.code, .success, disabled.error)
        XCTAssertEqual(disabled.out, "disabled agent in \(manifest.path)\nalso off now, as they need it: assist, tags, templates, tray, zones\n")
        XCTAssertEqual(try manifestText(), "{\n  \"plugins\": [\n    {\n      \"enabled\": false,\n      \"id\": \"agent\"\n    }\n  ],\n  \"schemaVersion\": 1\n}\n")
        let mode = try FileManager.default.attributesOfItem(atPath: manifest.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let listed = await home("plugins", "--json")
        let plugins = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])?["plugins"] as? [[String: Any]])
        let states = Dictionary(uniqueKeysWithValues: plugins.compactMap { row in (row["id"] as? String).map { ($0, row["state"] as? String ?? "") } })
        XCTAssertEqual(states["agent"], "disabled")
        XCTAssertEqual(states["tags"], "disabled")
        XCTAssertEqual(states["session"], "started")
        let enabled = await home("plugins", "enable", "agent", "--json")
        XCTAssertEqual(enabled.code, .success, enabled.error)
        let answer = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(enabled.out.utf8)) as? [String: Any])
        XCTAssertEqual(answer["enabled"] as? String, "agent")
        XCTAssertEqual(answer["also_enabled"] as? [String], ["assist", "tags", "templates", "tray", "zones"])
        XCTAssertTrue(try manifestText().contains("\"enabled\": true"))
    }

    func testAnEntryWithConfigurationKeepsIt() async throws {
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        let configured = #"{"schemaVersion": 1, "plugins": [{"id": "system-controls", "configuration": {"volume": false}}]}"#
        try configured.write(to: manifest, atomically: true, encoding: .utf8)
        let disabled = await home("plugins", "disable", "system-controls")
        XCTAssertEqual(disabled.code, .success, disabled.error)
        let text = try manifestText()
        XCTAssertTrue(text.contains("\"volume\": false"), text)
        XCTAssertTrue(text.contains("\"enabled\": false"), text)
    }

    func testAManifestNamedWithTheOptionIsMadeOnTheFirstChange() async throws {
        let named = root.appendingPathComponent("elsewhere.json")
        let disabled = await home("--manifest", named.path, "plugins", "disable", "tags")
        XCTAssertEqual(disabled.code, .success, disabled.error)
        XCTAssertEqual(disabled.out, "disabled tags in \(named.path)\n")
        XCTAssertTrue(try String(contentsOf: named, encoding: .utf8).contains("\"id\": \"tags\""))
        XCTAssertFalse(FileManager.default.fileExists(atPath: manifest.path), "the default manifest is not touched")
    }

    func testRefusedChangesLeaveTheFileAsItWas() async throws {
        let offAll = await home("plugins", "disable", "session")
        XCTAssertEqual(offAll.code, .success)
        let before = try manifestText()
        let impossible = await home("plugins", "enable", "agent")
        XCTAssertEqual(impossible.code, .usage)
        XCTAssertTrue(impossible.error.contains("enabling agent would make a manifest that does not load, so nothing was written: requires session.access@1"), impossible.error)
        let unknown = await home("plugins", "disable", "nothing")
        XCTAssertEqual(unknown.code, .usage)
        XCTAssertTrue(unknown.error.contains("no plugin 'nothing'; known: agent, assist,"), unknown.error)
        XCTAssertEqual(try manifestText(), before)
        try "{ not json".write(to: manifest, atomically: true, encoding: .utf8)
        let broken = await home("plugins", "disable", "tags")
        XCTAssertNotEqual(broken.code, .success)
        XCTAssertTrue(broken.error.contains("not valid JSON"), broken.error)
        XCTAssertEqual(try manifestText(), "{ not json")
    }
}
