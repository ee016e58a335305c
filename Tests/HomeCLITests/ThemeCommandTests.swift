import Foundation
import XCTest

final class ThemeCommandTests: HomeCLITestCase {
    func testExportsCSSThroughThePlugin() async {
        let result = await home("theme", "--format", "css")
        XCTAssertEqual(result.code, .success)
        XCTAssertTrue(result.out.hasPrefix(":root {\n  --primary-color: #0277bd;\n"), result.out)
    }

    func testManifestConfigurationBrandsTheTheme() async {
        let result = await home("theme", "--format", "json", "--manifest", example("themes.json"))
        XCTAssertTrue(result.out.contains("\"primary-color\": \"#3f51b5\""), result.out)
    }

    func testCheckPrintsEveryPairAndPassesWithTheDefaults() async {
        let result = await home("theme", "check")
        XCTAssertEqual(result.code, .success, result.out)
        XCTAssertTrue(result.out.contains("light  primary-color         #0277bd  on  card-background-color     #ffffff    4.79:1  needs 3.00:1 (large-text-and-ui)  pass"), result.out)
        XCTAssertTrue(result.out.contains("dark   text-primary-color    #111111  on  primary-color             #03a9f4    7.18:1  needs 4.50:1 (text)  pass"), result.out)
        XCTAssertTrue(result.out.hasSuffix("all 38 pairs pass WCAG AA\n"), result.out)
    }

    func testCheckFailsABrandColourBelowTheMinimum() async throws {
        let manifest = root.appendingPathComponent("light-brand.json")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try ##"{"schemaVersion": 1, "plugins": [{"id": "design-tokens", "configuration": {"primaryColor": "#03a9f4"}}]}"##.write(to: manifest, atomically: true, encoding: .utf8)
        let result = await home("theme", "check", "--manifest", manifest.path)
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.out.contains("light  primary-color         #03a9f4  on  card-background-color     #ffffff    2.62:1  needs 3.00:1 (large-text-and-ui)  FAIL"), result.out)
        XCTAssertTrue(result.out.contains("light  text-primary-color    #ffffff  on  primary-color             #03a9f4    2.62:1  needs 4.50:1 (text)  FAIL"), result.out)
        XCTAssertTrue(result.out.hasSuffix("3 of 38 pairs are below WCAG AA\n"), result.out)
        let json = await home("theme", "check", "--json", "--manifest", manifest.path)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        let failing = rows.filter { $0["passes"] as? Bool == false }
        XCTAssertEqual(failing.count, 3)
        XCTAssertEqual(failing.first?["ratio"] as? Double, 2.51)
        XCTAssertEqual(failing.first?["minimum"] as? Double, 3)
    }

    func testUnknownFormatIsAUsageError() async {
        let result = await home("theme", "--format", "pdf")
        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(result.error, "error: unknown format 'pdf'; valid formats: yaml, css, json, terminal\n")
    }
}
