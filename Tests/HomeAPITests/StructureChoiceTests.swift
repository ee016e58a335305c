import HomeAPI
import XCTest

/// Structure hinting: which servers are offered, which is preselected, and what may be chosen.
final class StructureChoiceTests: XCTestCase {
    private let known = ["http://b:8123", "http://a:8123"]

    func testWithoutHintsTheCurrentServerIsPreselectedAndLocked() throws {
        let choice = try StructureChoice(known: known, current: "http://b:8123", hint: nil, allowed: nil, allowChange: false)
        XCTAssertEqual(choice.options, ["http://a:8123", "http://b:8123"])
        XCTAssertEqual(choice.preselected, "http://b:8123")
        XCTAssertTrue(choice.locked)
        XCTAssertTrue(choice.accepts("http://b:8123"))
        XCTAssertFalse(choice.accepts("http://a:8123"))
    }

    func testAHintedNewServerIsAddedAndOthersMayBeChosenWhenAllowed() throws {
        let choice = try StructureChoice(known: known, current: "http://b:8123", hint: "http://new:8123", allowed: nil, allowChange: true)
        XCTAssertEqual(choice.options, ["http://new:8123", "http://a:8123", "http://b:8123"])
        XCTAssertEqual(choice.preselected, "http://new:8123")
        XCTAssertTrue(choice.accepts("http://a:8123"))
        XCTAssertTrue(choice.acceptsOthers)
        XCTAssertTrue(choice.accepts("http://typed-in:8123"))
    }

    func testTheAllowListFiltersAndBindsTheHint() throws {
        let choice = try StructureChoice(
            known: known, current: "http://b:8123", hint: "http://c:8123", allowed: ["http://a:8123", "http://c:8123"], allowChange: true
        )
        XCTAssertEqual(choice.options, ["http://a:8123", "http://c:8123"])
        XCTAssertEqual(choice.preselected, "http://c:8123")
        XCTAssertTrue(choice.accepts("http://a:8123"))
        XCTAssertFalse(choice.accepts("http://b:8123"), "outside the allowed list")
        XCTAssertThrowsError(try StructureChoice(known: known, current: "http://b:8123", hint: "http://b:8123", allowed: ["http://a:8123"], allowChange: false)) { error in
            XCTAssertTrue("\(error)".contains("structureID"), "\(error)")
        }
        let first = try StructureChoice(known: known, current: "http://b:8123", hint: nil, allowed: ["http://a:8123"], allowChange: false)
        XCTAssertEqual(first.preselected, "http://a:8123", "without a hint the first allowed one is preselected")
    }
}
