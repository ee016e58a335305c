import CLIKit
import XCTest

final class ParsedArgumentsTests: XCTestCase {
    private let options: [OptionSpec] = [.json, .value("format", "FORMAT", help: "")]

    func testFlagsValuesAndPositionals() throws {
        let parsed = try ParsedArguments(["a", "--json", "--format", "css", "b"], options: options, command: "t")
        XCTAssertEqual(parsed.flags, ["json"])
        XCTAssertEqual(parsed.values, ["format": "css"])
        XCTAssertEqual(parsed.positionals, ["a", "b"])
    }

    func testInlineValueAndLastOneWins() throws {
        let parsed = try ParsedArguments(["--format=css", "--format=json"], options: options, command: "t")
        XCTAssertEqual(parsed.values["format"], "json")
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try ParsedArguments(["--", "--json", "-h"], options: options, command: "t")
        XCTAssertEqual(parsed.positionals, ["--json", "-h"])
        XCTAssertFalse(parsed.has("json"))
    }

    func testHelpInBothSpellings() throws {
        XCTAssertTrue(try ParsedArguments(["-h"], options: [], command: "t").has("help"))
        XCTAssertTrue(try ParsedArguments(["--help"], options: [], command: "t").has("help"))
    }

    func testUnknownOptionListsValidOnes() {
        XCTAssertThrowsError(try ParsedArguments(["--jsn"], options: options, command: "home x")) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "unknown option '--jsn' for 'home x'; valid options: --json, --format, --help"
            )
        }
    }

    func testMissingValueAndUnexpectedValue() {
        XCTAssertThrowsError(try ParsedArguments(["--format"], options: options, command: "t")) { error in
            XCTAssertEqual((error as? UsageError)?.message, "option '--format' needs a value: --format FORMAT")
        }
        XCTAssertThrowsError(try ParsedArguments(["--json=yes"], options: options, command: "t")) { error in
            XCTAssertEqual((error as? UsageError)?.message, "option '--json' takes no value")
        }
    }

    func testSingleDashIsAPositional() throws {
        XCTAssertEqual(try ParsedArguments(["-"], options: [], command: "t").positionals, ["-"])
    }
}
