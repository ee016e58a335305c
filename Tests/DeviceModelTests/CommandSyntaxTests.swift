import DeviceModel
import XCTest

/// Commands as people write them, and every way to write one wrong.
final class CommandSyntaxTests: XCTestCase {
    func testCommandsParseToTypedValues() throws {
        XCTAssertEqual(try CommandSyntax.parse("brightness.set", ["level=40"]), .setBrightness(percent: 40))
        XCTAssertEqual(try CommandSyntax.parse("thermostat.set_range", ["low=19", "high=23.5"]), .setTargetRange(low: 19, high: 23.5))
        XCTAssertEqual(try CommandSyntax.parse("fan.oscillate", ["on=false"]), .setOscillation(false))
        XCTAssertEqual(try CommandSyntax.parse("media.select_source", ["source=a=b"]), .selectSource("a=b"))
        XCTAssertEqual(try CommandSyntax.parse("on_off.toggle", []), .toggle)
        for name in CommandSyntax.usage.keys {
            let arguments = CommandSyntax.usage[name]!.split(separator: " ").map { "\($0.prefix { $0 != "=" })=1" }
            let parsed = try? CommandSyntax.parse(name, arguments)
            if let parsed { XCTAssertEqual(parsed.name, name) }
        }
    }

    func testMistakesSayWhatIsValid() {
        XCTAssertThrowsError(try CommandSyntax.parse("brightness.sett", ["level=4"])) { error in
            XCTAssertTrue("\(error)".contains("'brightness.sett' is not a command; commands: "), "\(error)")
        }
        XCTAssertThrowsError(try CommandSyntax.parse("brightness.set", [])) { XCTAssertEqual("\($0)", "brightness.set needs level= (level=0-100)") }
        XCTAssertThrowsError(try CommandSyntax.parse("brightness.set", ["level=forty"])) {
            XCTAssertEqual("\($0)", "brightness.set: level must be a whole number, not 'forty'")
        }
        XCTAssertThrowsError(try CommandSyntax.parse("brightness.set", ["level=4", "speed=2"])) {
            XCTAssertEqual("\($0)", "brightness.set has no argument 'speed'; it takes level=0-100")
        }
        XCTAssertThrowsError(try CommandSyntax.parse("on_off.on", ["level"])) { XCTAssertEqual("\($0)", "'level' is not KEY=VALUE; on_off.on takes no arguments") }
        XCTAssertThrowsError(try CommandSyntax.parse("fan.oscillate", ["on=maybe"])) { XCTAssertEqual("\($0)", "fan.oscillate: on must be true or false, not 'maybe'") }
        XCTAssertThrowsError(try CommandSyntax.parse("color.set_hs", ["hue=nan", "saturation=1"])) {
            XCTAssertEqual("\($0)", "color.set_hs: hue must be a number, not 'nan'")
        }
    }
}
