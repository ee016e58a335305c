import CLIKit
import XCTest

/// Text from elsewhere printed to a terminal: controls become visible, everything else stays.
final class TerminalSafeTests: XCTestCase {
    func testControlsBecomeVisibleAndTextStays() {
        XCTAssertEqual("\u{1B}[31mred\u{1B}[0m".terminalSafe, "\\x1B[31mred\\x1B[0m")
        XCTAssertEqual("bell\u{07} nul\u{00} del\u{7F} csi\u{9B}".terminalSafe, "bell\\x07 nul\\x00 del\\x7F csi\\u{9B}")
        XCTAssertEqual("carriage\rreturn".terminalSafe, "carriage\\x0Dreturn")
        XCTAssertEqual("two\nlines\tand a tab, héllo 💡".terminalSafe, "two\nlines\tand a tab, héllo 💡")
        XCTAssertEqual("".terminalSafe, "")
    }
}
