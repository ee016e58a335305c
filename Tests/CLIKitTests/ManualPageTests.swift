import CLIKit
import Foundation
import XCTest

/// The manual page: what it says, and that groff reads it without a warning.
final class ManualPageTests: XCTestCase {
    private let page = ManualPage(
        root: ShipCommand(), version: "1.2.3", globalOptions: [.value("manifest", "FILE", help: "A manifest.")],
        environment: [.init("SHIP_HOME", "Where ships live.")]
    )

    func testItHasEveryCommandItsOptionsAndTheEnvironment() throws {
        let text = try XCTUnwrap(page.text())
        for line in [
            ".TH SHIP 1 \"\" \"ship 1.2.3\" \"User Commands\"", "ship \\- Move a ship.", ".SS ship dock", ".SS ship sail",
            "ship sail \\-\\-crew NAME [\\-\\-to DIRECTION] [\\-\\-log FILE] [\\-\\-fast]", ".B \\-\\-crew NAME", "Who sails. (required)",
            ".B SHIP_HOME", "\\&.dots at the start of a line stay text", "and a backslash \\e too", "Leave port \\[u2014] with",
        ] {
            XCTAssertTrue(text.contains(line + "\n") || text.contains(line), "missing: \(line)\n\(text)")
        }
    }

    func testOneCommandsPageAndAnUnknownOne() throws {
        let text = try XCTUnwrap(page.text(command: "sail"))
        XCTAssertTrue(text.hasPrefix(".TH SHIP\\-SAIL 1"), text)
        XCTAssertFalse(text.contains(".SS ship dock"), text)
        XCTAssertNil(page.text(command: "fly"))
    }

    func testGroffReadsItWithoutAWarning() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ship-\(UUID().uuidString).1")
        defer { try? FileManager.default.removeItem(at: file) }
        try XCTUnwrap(page.text()).write(to: file, atomically: true, encoding: .utf8)
        let rendered = try ShellRun.output("bash", "groff -man -Tutf8 -ww '\(file.path)' 2>&1 >/dev/null | head -5; groff -man -Tascii '\(file.path)' 2>/dev/null | col -b")
        XCTAssertFalse(rendered.contains("warning"), rendered)
        XCTAssertTrue(rendered.contains("ship sail --crew NAME"), rendered)
    }
}
