import Foundation
import XCTest

final class PluginsCheckCommandTests: HomeCLITestCase {
    func testACycleIsPrintedAsAPathAndExitsWithOne() async {
        let result = await home("plugins", "check", example("cycle.json"))
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(
            result.error.contains("dependency-cycle: plugins require each other in a cycle: design-tokens -> theme-files -> design-tokens"),
            result.error
        )
    }

    func testEveryProblemIsPrinted() async {
        let result = await home("plugins", "check", example("broken.json"))
        XCTAssertEqual(result.code, .failure)
        let codes = result.error.split(separator: "\n").compactMap { line in
            line.hasPrefix("error: ") ? line.dropFirst(7).split(separator: ":").first.map(String.init) : nil
        }
        XCTAssertEqual(codes, [
            "malformed-manifest", "version-mismatch", "bad-configuration", "bad-configuration", "duplicate-plugin", "unknown-plugin",
        ])
    }

    func testJSONDiagnostics() async throws {
        let result = await home("plugins", "check", "--json", example("cycle.json"))
        XCTAssertEqual(result.code, .failure)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        XCTAssertEqual(object?["valid"] as? Bool, false)
        let diagnostics = object?["diagnostics"] as? [[String: Any]]
        XCTAssertEqual(diagnostics?.first?["code"] as? String, "dependency-cycle")
    }

    func testAValidManifestPrintsTheStartOrder() async {
        let result = await home("plugins", "check", example("themes.json"))
        XCTAssertEqual(result.code, .success)
        XCTAssertEqual(
            result.out,
            "\(example("themes.json")): valid; start order: design-tokens -> theme-files -> session -> connection -> push-channels -> linux-sensors -> desktop-notifications -> agent\n"
        )
    }

    func testMissingFileAndMissingArgument() async {
        let missing = await home("plugins", "check", "/nonexistent.json")
        XCTAssertEqual(missing.code, .failure)
        XCTAssertTrue(missing.error.contains("cannot read /nonexistent.json"), missing.error)
        let none = await home("plugins", "check")
        XCTAssertEqual(none.code, .usage)
    }
}
