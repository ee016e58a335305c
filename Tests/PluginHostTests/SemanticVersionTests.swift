import PluginHost
import XCTest

final class SemanticVersionTests: XCTestCase {
    func testParsesAndFillsMissingParts() {
        XCTAssertEqual(SemanticVersion("1"), SemanticVersion(1, 0, 0))
        XCTAssertEqual(SemanticVersion("1.2"), SemanticVersion(1, 2, 0))
        XCTAssertEqual(SemanticVersion("1.2.3")?.description, "1.2.3")
    }

    func testRejectsMalformedText() {
        for text in ["", "1.", ".1", "1.2.3.4", "a.b", "-1.0", "1.2.x", "１.2"] {
            XCTAssertNil(SemanticVersion(text), text)
        }
    }

    func testSatisfiesSameMajorAtLeastRequested() {
        let version = SemanticVersion(1, 4, 2)
        XCTAssertTrue(version.satisfies(SemanticVersion(1, 4, 2)))
        XCTAssertTrue(version.satisfies(SemanticVersion(1, 0, 0)))
        XCTAssertFalse(version.satisfies(SemanticVersion(1, 5, 0)))
        XCTAssertFalse(version.satisfies(SemanticVersion(0, 9, 0)))
    }
}
