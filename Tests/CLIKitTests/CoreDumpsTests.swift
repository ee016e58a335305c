import CLIKit
import Foundation
import XCTest

/// A process holding secrets forbids core dumps (this test's own process, which loses nothing by it).
final class CoreDumpsTests: XCTestCase {
    func testForbiddingLeavesNoCoreSizeAndANonDumpableProcess() throws {
        XCTAssertTrue(CoreDumps.forbid())
        XCTAssertFalse(CoreDumps.allowed)
        let limits = try String(contentsOfFile: "/proc/self/limits", encoding: .utf8)
        let line = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        XCTAssertEqual(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2), ["0", "0"], String(line))
    }
}
