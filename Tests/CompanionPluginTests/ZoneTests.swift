import Essentials
@testable import ZonesPlugin
import XCTest

/// A zone read from `get_zones`, whatever shape a state has.
final class ZoneTests: XCTestCase {
    func testAZoneStateIsRead() throws {
        let state = try JSONParser.parse(#"{"entity_id": "zone.home", "state": "0", "attributes": {"latitude": 52.52, "longitude": 13, "radius": 100, "passive": false, "friendly_name": "Home"}}"#)
        XCTAssertEqual(Zone(state), Zone(state)!)
        let zone = try XCTUnwrap(Zone(state))
        XCTAssertEqual([zone.entityID, zone.name], ["zone.home", "Home"])
        XCTAssertEqual([zone.latitude, zone.longitude, zone.radius], [52.52, 13, 100])
        XCTAssertFalse(zone.passive)
    }

    func testAStateWithoutAnIDOrAPlaceIsSkipped() throws {
        for text in [#"[]"#, #"{"attributes": {"latitude": 1, "longitude": 2}}"#, #"{"entity_id": "zone.x"}"#,
                     #"{"entity_id": "zone.x", "attributes": {"latitude": "1", "longitude": 2}}"#] {
            XCTAssertNil(Zone(try JSONParser.parse(text)), text)
        }
        let bare = try XCTUnwrap(Zone(try JSONParser.parse(#"{"entity_id": "zone.x", "attributes": {"latitude": 1, "longitude": 2}}"#)))
        XCTAssertEqual(bare.name, "zone.x")
        XCTAssertEqual(bare.radius, 0)
    }
}
