import Essentials
import XCTest

final class StartupCodePagesTests: XCTestCase {
    /// In this test process (XCTest, Foundation and every test module mapped and run): the code
    /// pages go, resident memory falls by about as much, and code runs on (its pages mapped again).
    func testReleasesCodePagesAndTheProcessRunsOn() throws {
        let before = try residentKiB()
        let released = StartupCodePages.release()
        let after = try residentKiB()
        XCTAssertGreaterThan(released, 1 << 20)
        XCTAssertLessThan(after, before - 1_024, "resident \(before) KiB before, \(after) KiB after")
        let value = try JSONParser.parse(Array(#"{"runs": [1, 2.5, "on"]}"#.utf8))
        XCTAssertEqual(value.objectValue?["runs"]?.arrayValue?.last?.stringValue, "on")
        XCTAssertEqual(SecretRedactor().redact("password=1"), "password=<redacted>")
    }

    private func residentKiB() throws -> Int {
        let status = String(decoding: try XCTUnwrap(FilePrefix.read("/proc/self/status", limit: 1 << 16)), as: UTF8.self)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }
}
