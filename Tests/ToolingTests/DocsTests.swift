import EssentialsTestSupport
import Foundation
import XCTest

/// tools/docs: CONTRIBUTING.md's module graph and table of capabilities and extension points are
/// what the code says, and a change to the code makes them stale.
final class DocsTests: XCTestCase {
    private let repository = PythonTool.repository
    private let scratch = ScratchFolder()
    private var tree: URL { scratch.root }

    override func setUpWithError() throws {
        try scratch.write("Package.swift", """
            let targets: [Target] = [
                .target(name: "Core", path: "Modules/Core/Sources"),
                .target(name: "ThingContract", dependencies: ["Core"], path: "Plugins/Contracts/ThingContract"),
                .target(name: "ThingPlugin", dependencies: ["ThingContract"], path: "Plugins/ThingPlugin"),
            ]
            """)
        try scratch.write("Plugins/Contracts/ThingContract/ThingCapabilities.swift", """
            public enum ThingCapabilities {
                /// The thing.
                public static let thing = CapabilityKey<any Thing>(name: "area.thing")
            }
            """)
        try scratch.write("CONTRIBUTING.md", "# Contributing\n\n<!-- generated: module-graph -->\n<!-- end: module-graph -->\n\n<!-- generated: extension-points -->\n<!-- end: extension-points -->\n")
        // A stand-in for `home plugins --json`: one plugin providing the capability, one requiring it.
        try scratch.write("home", """
            #!/bin/sh
            echo '{"plugins": [{"id": "thing", "provides": ["area.thing@1"], "requires": [], "contributes": [], "consumes": []},
                               {"id": "user", "provides": [], "requires": ["area.thing@1"], "contributes": [], "consumes": []}]}'
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tree.appendingPathComponent("home").path)
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func docs(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try PythonTool(name: "docs").run(arguments)
        return (result.status, result.out + result.error)
    }

    func testTheRepositorysContributingIsUpToDate() throws {
        let home = repository.appendingPathComponent(".build/debug/home").path
        // `swift test` builds every product first, so home is there; its absence is a failure.
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: home), "\(home) is not built")
        let result = try docs(["--check", "--home", home])
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testItWritesTheGraphAndTableAndThenFindsAChangeStale() throws {
        let arguments = ["--root", tree.path, "--home", tree.appendingPathComponent("home").path]
        XCTAssertEqual(try docs(arguments + ["--check"]).status, 1, "empty blocks are stale")
        XCTAssertEqual(try docs(arguments).status, 0)
        let written = try String(contentsOf: tree.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        XCTAssertTrue(written.contains("  ThingPlugin ──► ThingContract\n"), written)
        XCTAssertTrue(written.contains("  ThingContract ──► Core\n"), written)
        XCTAssertTrue(written.contains("| `area.thing` | capability | `Thing` | ThingContract | thing | user |"), written)
        XCTAssertEqual(try docs(arguments + ["--check"]).status, 0)

        try scratch.write("Plugins/Contracts/ThingContract/ThingPoints.swift", """
            public enum ThingPoints {
                public static let parts = ExtensionPoint<any Part>(name: "area.parts")
            }
            """)
        let stale = try docs(arguments + ["--check"])
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.output.contains("CONTRIBUTING.md is stale (extension-points); run tools/docs"), stale.output)
    }
}
