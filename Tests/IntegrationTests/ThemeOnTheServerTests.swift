import Essentials
import Foundation
import XCTest

/// The theme the theme-files plugin writes is one Home Assistant loads: written to the server's
/// `themes` folder (`frontend: themes: !include_dir_merge_named themes` in its configuration),
/// `frontend.reload_themes`, then `frontend/get_themes` lists it with the values written.
final class ThemeOnTheServerTests: XCTestCase {
    private var root: URL!
    private var written: URL?

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("theme-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let written { try? FileManager.default.removeItem(at: written) }
        try? FileManager.default.removeItem(at: root)
    }

    func testTheServerLoadsTheExportedThemeWithItsColours() async throws {
        let server = try IntegrationEnvironment.require()
        let themes = URL(fileURLWithPath: server.configDirectory).appendingPathComponent("themes")
        let name = "HomeCompanion Check \(UUID().uuidString.prefix(6).lowercased())"
        let manifest = root.appendingPathComponent("manifest.json")
        let configuration: JSONValue = .object([
            "schemaVersion": .integer(1),
            "plugins": .array([.object(["id": .string("theme-files"), "configuration": .object([
                "directory": .string(themes.path), "formats": .array([.string("yaml")]), "themeName": .string(name),
            ])])]),
        ])
        try JSONSerializer.string(configuration).write(to: manifest, atomically: true, encoding: .utf8)
        // `home plugins` starts every enabled plugin: theme-files writes the theme as it starts.
        let (status, output) = try HomeProcess(root: root).run(["--manifest", manifest.path, "plugins"])
        XCTAssertEqual(status, 0, output)
        let file = themes.appendingPathComponent(name.lowercased().replacingOccurrences(of: " ", with: "-") + ".yaml")
        written = file
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "theme-files wrote \(file.path)")
        let (checked, report) = try HomeProcess(root: root).run(["theme", "check", "--json"])
        XCTAssertEqual(checked, 0, report)
        let findings = try XCTUnwrap(try JSONParser.parse(report).arrayValue).compactMap(\.objectValue)
        func color(_ token: String, _ scheme: String) -> JSONValue? {
            findings.first { $0["scheme"] == .string(scheme) && $0["foreground"] == .string(token) }?["foreground_color"]
        }

        let admin = AdminConnection(server: server)
        _ = try await admin.send("call_service", ["domain": .string("frontend"), "service": .string("reload_themes")])
        let loaded = try await admin.send("frontend/get_themes")
        let theme = try XCTUnwrap(loaded.objectValue?["themes"]?.objectValue?[name]?.objectValue, "the server lists \(name): \(loaded)")
        let modes = try XCTUnwrap(theme["modes"]?.objectValue)
        for scheme in ["light", "dark"] {
            let values = try XCTUnwrap(modes[scheme]?.objectValue, scheme)
            for token in ["primary-color", "primary-text-color", "error-color", "state-on-color"] {
                XCTAssertEqual(values[token], color(token, scheme), "\(scheme) \(token) as written and as checked")
            }
        }
        XCTAssertEqual(modes["light"]?.objectValue?["primary-color"], .string("#0277bd"), "the primary colour that passes on white")
    }
}
