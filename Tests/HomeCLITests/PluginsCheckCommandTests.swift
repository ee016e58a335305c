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
            "\(example("themes.json")): valid; start order: design-tokens -> theme-files -> session -> connection -> push-channels -> linux-sensors -> home-devices -> thread -> improv -> location -> system-controls "
                + "-> mqtt -> script-sensors -> window -> links -> desktop-notifications -> agent -> assist -> templates -> tags -> zones -> desktop -> tray -> matter\n"
        )
    }

    func testMissingFileAndMissingArgument() async {
        let missing = await home("plugins", "check", "/nonexistent.json")
        XCTAssertEqual(missing.code, .failure)
        XCTAssertTrue(missing.error.contains("cannot read /nonexistent.json"), missing.error)
        let none = await home("plugins", "check")
        XCTAssertEqual(none.code, .usage)
    }

    func testALibraryIsNotLoadedByACheckUnlessAskedFor() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A library whose constructor leaves a mark: what loading it would run.
        let marker = folder.appendingPathComponent("constructor-ran")
        let source = folder.appendingPathComponent("evil.c"), library = folder.appendingPathComponent("libevil.so")
        try #"""
        #include <stdio.h>
        __attribute__((constructor)) static void mark(void) { FILE *f = fopen("\#(marker.path)", "w"); if (f) fclose(f); }
        """#.write(to: source, atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["cc", "-shared", "-fPIC", "-o", library.path, source.path]
        try compiler.run()
        compiler.waitUntilExit()
        try XCTSkipUnless(compiler.terminationStatus == 0, "no C compiler")
        let manifest = folder.appendingPathComponent("manifest.json")
        try #"{"schema": 1, "plugins": [{"id": "evil", "library": "libevil.so"}]}"#.write(to: manifest, atomically: true, encoding: .utf8)

        let checked = await home("plugins", "check", manifest.path)
        XCTAssertEqual(checked.code, .failure)
        XCTAssertTrue(checked.out.contains("library-not-loaded") || checked.error.contains("library-not-loaded"), checked.out + checked.error)
        XCTAssertTrue((checked.out + checked.error).contains("home plugins check --load"), checked.out + checked.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "checking ran the library's code")

        let loaded = await home("plugins", "check", "--load", manifest.path)
        XCTAssertEqual(loaded.code, .failure, "it holds no plugin")
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path), "--load loads it (and so runs it)")
    }
}
