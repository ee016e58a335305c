@testable import DeviceModel
import XCTest

/// What `home watch --devices` prints between two readings.
final class DeviceChangeTests: XCTestCase {
    private func device(_ id: String, _ name: String, room: String?, states: [(String, String)]) -> Device {
        Device(id: id, name: name, roomID: room, type: .light, manufacturer: nil, model: nil,
               entities: states.map { DeviceEntity(entityID: $0.0, name: $0.0, roomID: room, traits: [],
                                                   state: ModelFixtures.state($0.0, $0.1), isHidden: false, isDisabled: false, category: nil) },
               isStandalone: false, isDisabled: false)
    }

    func testMovesRenamesStatesAdditionsAndRemovals() {
        let old = [device("a", "Lamp", room: nil, states: [("light.a", "off")]), device("b", "Plug", room: "hall", states: [])]
        let new = [device("a", "Desk lamp", room: "office", states: [("light.a", "on")]), device("c", "Fan", room: nil, states: [])]
        XCTAssertEqual(DeviceChange.between(old, new).map { "\($0.kind.rawValue) \($0.deviceID) \($0.entityID ?? "-") \($0.old ?? "nil")→\($0.new ?? "nil")" }, [
            "renamed a - Lamp→Desk lamp", "moved a - nil→office", "state a light.a off→on", "added c - nil→nil", "removed b - hall→nil",
        ])
        XCTAssertEqual(DeviceChange.between(new, new), [], "nothing changed, nothing printed")
    }
}
