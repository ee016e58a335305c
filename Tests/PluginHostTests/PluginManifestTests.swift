import Foundation
import PluginHost
import XCTest

final class PluginManifestTests: XCTestCase {
    func testDecodesEveryField() throws {
        let manifest = try ManifestFixtures.decode("""
        {"schemaVersion": 1, "plugins": [
          {"id": "a", "enabled": false, "version": "1.2", "library": "liba.so", "failurePolicy": "degrade",
           "configuration": {"n": 3, "nested": {"x": [true, null]}}},
          {"id": "b"}
        ]}
        """)
        XCTAssertEqual(manifest.schemaVersion, 1)
        XCTAssertEqual(manifest.plugins, [
            ManifestEntry(
                id: "a", enabled: false, version: SemanticVersion(1, 2, 0), library: "liba.so", failurePolicy: .degrade,
                configuration: ["n": .integer(3), "nested": .object(["x": .array([.bool(true), .null])])]
            ),
            ManifestEntry(id: "b"),
        ])
    }

    func testMalformedJSONIsReportedNotCrashed() {
        for text in ["", "{", "{\"schemaVersion\": 1, \"plugins\": [", "nonsense", "{\"plugins\": [}]}"] {
            let diagnostics = ManifestFixtures.diagnostics { _ = try ManifestFixtures.decode(text) }
            XCTAssertEqual(diagnostics.map(\.code), [.malformedManifest], text)
            XCTAssertTrue(diagnostics[0].message.hasPrefix("not valid JSON"), diagnostics[0].message)
        }
    }

    func testWrongShapeNamesWhatIsExpected() {
        let diagnostics = ManifestFixtures.diagnostics { _ = try ManifestFixtures.decode("[1, 2]") }
        XCTAssertEqual(diagnostics.first?.message, "the manifest must be a JSON object with `schemaVersion` and `plugins`, not an array")
    }

    func testCollectsEveryProblemInOnePass() {
        let diagnostics = ManifestFixtures.diagnostics {
            _ = try ManifestFixtures.decode("""
            {"schemaVersion": 1, "extra": 1, "plugins": [
              {"id": "a", "enabled": "yes"},
              {"id": "", "version": 3},
              {"id": "c", "failurePolicy": "explode", "configuration": [], "colour": 1},
              7
            ]}
            """)
        }
        XCTAssertEqual(diagnostics.map(\.message), [
            "unknown key 'extra'; valid keys: schemaVersion, plugins",
            "plugins[0].enabled must be true or false, not a string",
            "plugins[1].id must not be empty",
            "plugins[1].version must be a string such as \"1.2.0\", not an integer",
            "plugins[2].colour is not a known key; valid keys: id, enabled, version, library, failurePolicy, configuration, after",
            "plugins[2].failurePolicy 'explode' is unknown; valid: abort, degrade, ignore",
            "plugins[2].configuration must be an object, not an array",
            "plugins[3] must be an object with an 'id', not an integer",
        ])
    }

    func testAfterListsPluginIDs() throws {
        let manifest = try ManifestFixtures.decode(#"{"schemaVersion": 1, "plugins": [{"id": "a", "after": ["b", "c"]}]}"#)
        XCTAssertEqual(manifest.plugins.first?.after, ["b", "c"])
        let diagnostics = ManifestFixtures.diagnostics {
            _ = try ManifestFixtures.decode(#"{"schemaVersion": 1, "plugins": [{"id": "a", "after": ["b", 1]}, {"id": "c", "after": "b"}]}"#)
        }
        XCTAssertEqual(diagnostics.map(\.message), [
            "plugins[0].after must list plugin ids as strings, not an integer",
            "plugins[1].after must be an array of plugin ids, not a string",
        ])
    }

    func testRejectsUnsupportedAndMissingSchema() {
        XCTAssertEqual(
            ManifestFixtures.diagnostics { _ = try ManifestFixtures.decode(#"{"schemaVersion": 2, "plugins": []}"#) }.map(\.code),
            [.unsupportedSchema]
        )
        XCTAssertEqual(
            ManifestFixtures.diagnostics { _ = try ManifestFixtures.decode(#"{"plugins": []}"#) }.map(\.message),
            ["'schemaVersion' is required; use 1"]
        )
        XCTAssertEqual(
            ManifestFixtures.diagnostics { _ = try ManifestFixtures.decode(#"{"schemaVersion": 1}"#) }.map(\.message),
            ["'plugins' is required: a list of plugin entries"]
        )
    }

    func testRejectsInvalidVersionText() {
        let diagnostics = ManifestFixtures.diagnostics {
            _ = try ManifestFixtures.decode(#"{"schemaVersion": 1, "plugins": [{"id": "a", "version": "one"}]}"#)
        }
        XCTAssertEqual(diagnostics.map(\.message), ["plugins[0].version 'one' is not a version such as 1.2.0"])
    }

    func testRefusesOversizedManifest() {
        let padding = String(repeating: " ", count: PluginManifest.maximumSize)
        let diagnostics = ManifestFixtures.diagnostics {
            _ = try ManifestFixtures.decode(#"{"schemaVersion": 1, "plugins": []}"# + padding)
        }
        XCTAssertEqual(diagnostics.map(\.code), [.malformedManifest])
        XCTAssertTrue(diagnostics[0].message.contains("at most \(PluginManifest.maximumSize) are read"))
    }

    func testMissingFileSaysWhichPath() {
        let url = URL(fileURLWithPath: "/nonexistent/manifest.json")
        let diagnostics = ManifestFixtures.diagnostics { _ = try PluginManifest.load(from: url) }
        XCTAssertEqual(diagnostics.map(\.code), [.malformedManifest])
        XCTAssertTrue(diagnostics[0].message.hasPrefix("cannot read /nonexistent/manifest.json"))
    }

    func testLoadsFromFileRelativeToItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("manifest.json")
        try Data(#"{"schemaVersion": 1, "plugins": [{"id": "x"}]}"#.utf8).write(to: url)
        let manifest = try PluginManifest.load(from: url)
        XCTAssertEqual(manifest.baseDirectory.standardizedFileURL.path, folder.standardizedFileURL.path)
        XCTAssertEqual(manifest.plugins.map(\.id), ["x"])
    }
}
