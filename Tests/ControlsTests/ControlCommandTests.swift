import Agent
import XCTest

/// Command payloads from Home Assistant, checked against the control's kind.
final class ControlCommandTests: XCTestCase {
    private let volume = ControlKind.number(minimum: 0, maximum: 100, step: 1, unit: "%")

    func testPayloadsThatFitTheKindAreCommands() {
        XCTAssertEqual(ControlCommand(payload: "PRESS", for: .button), .press)
        XCTAssertEqual(ControlCommand(payload: " 42\n", for: volume), .set(42))
        XCTAssertEqual(ControlCommand(payload: "0.5", for: volume), .set(0.5))
        XCTAssertEqual(ControlCommand(payload: "ON", for: .toggle), .turn(true))
        XCTAssertEqual(ControlCommand(payload: "OFF", for: .toggle), .turn(false))
    }

    func testPayloadsThatDoNotFitAreRefused() {
        for (payload, kind) in [
            ("press", ControlKind.button), ("", .button), ("101", volume), ("-1", volume), ("nan", volume), ("inf", volume), ("1e400", volume),
            ("42; rm -rf /", volume), ("on", .toggle), ("TRUE", .toggle), ("ON", .sensor), (String(repeating: "9", count: 10_000), volume),
        ] {
            XCTAssertNil(ControlCommand(payload: payload, for: kind), "\(payload.prefix(20)) for \(kind)")
        }
    }

    func testValuesAreWrittenPlainly() {
        XCTAssertEqual(ControlCommand.text(42), "42")
        XCTAssertEqual(ControlCommand.text(2.5), "2.5")
        XCTAssertEqual(ControlCommand.set(7).description, "set 7")
        XCTAssertEqual(ControlCommand.turn(false).description, "off")
    }
}
