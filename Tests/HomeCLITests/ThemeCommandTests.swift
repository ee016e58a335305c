import Foundation
import XCTest

final class ThemeCommandTests: HomeCLITestCase {
    func testExportsCSSThroughThePlugin() async {
        let result = await home("theme", "--format", "css")
        XCTAssertEqual(result.code, .success)
        XCTAssertTrue(result.out.hasPrefix(":root {\n  --primary-color: #03a9f4;\n"), result.out)
    }

    func testManifestConfigurationBrandsTheTheme() async {
        let result = await home("theme", "--format", "json", "--manifest", example("themes.json"))
        XCTAssertTrue(result.out.contains("\"primary-color\": \"#3f51b5\""), result.out)
    }

    func testUnknownFormatIsAUsageError() async {
        let result = await home("theme", "--format", "pdf")
        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(result.error, "error: unknown format 'pdf'; valid formats: yaml, css, json, terminal\n")
    }
}
