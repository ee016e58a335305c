@testable import ConnectionPlugin
import Essentials
import Foundation
import HAModels
import XCTest

/// The line `home status-line` prints for the chosen entities.
final class StatusLineTests: XCTestCase {
    private func state(_ id: String, _ value: String, _ attributes: [String: JSONValue] = [:]) -> EntityState {
        EntityState(entityID: id, state: value, attributes: attributes, lastChanged: Date(timeIntervalSince1970: 0), lastUpdated: Date(timeIntervalSince1970: 0), context: HAContext(id: "c"))
    }

    func testEntitiesAreLabelledWithTheirUnitsAndStyledByState() throws {
        let states = [
            "light.kitchen": state("light.kitchen", "on", ["friendly_name": .string("Kitchen")]),
            "sensor.outside": state("sensor.outside", "21.5", ["friendly_name": .string("Outside"), "unit_of_measurement": .string("°C")]),
        ]
        let items = try ["light.kitchen", "sensor.outside=Out", "lock.door"].map { try XCTUnwrap(StatusLine.Item($0)) }
        let line = StatusLine(items: items, states: { states[$0] }, separator: " · ")
        XCTAssertEqual(line.text, "Kitchen on · Out 21.5 °C · lock.door ?")
        XCTAssertEqual(line.tooltip, "light.kitchen: on\nsensor.outside: 21.5 °C\nlock.door: not on the server")
        XCTAssertEqual(line.classes, ["missing", "on"])
        XCTAssertEqual(try JSONParser.parse(try line.json()), .object([
            "text": .string(line.text), "tooltip": .string(line.tooltip), "class": .array([.string("missing"), .string("on")]),
        ]))
    }

    func testAnArgumentThatIsNoEntityIsRefused() {
        for argument in ["", "light", ".kitchen", "light.", "light kitchen", "=Out"] {
            XCTAssertNil(StatusLine.Item(argument), argument)
        }
        XCTAssertEqual(StatusLine.Item("sensor.x=")?.label, nil, "an empty label is the friendly name")
        XCTAssertEqual(StatusLine.Item("sensor.x=a=b")?.label, "a=b")
    }
}
