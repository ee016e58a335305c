import Essentials
import Foundation
import HAModels
import XCTest

/// Applying `subscribe_entities` events gives the same states Home Assistant reports in full.
final class CompressedStateTests: XCTestCase {
    private func decoder() -> JSONValueDecoder { JSONValueDecoder() }

    func testAddedEntitiesExpandToTheFullStates() throws {
        let added = try decoder().decode(EntitiesEvent.self, from: Fixture("ws_event_entities_added").value(at: "event"))
        let states = try decoder().decode([EntityState].self, from: Fixture("ws_result_get_states").value(at: "result"))
        var compared = 0
        for state in states {
            guard let compressed = added.added?[state.entityID],
                  let expanded = EntityState(entityID: state.entityID, compressed: compressed),
                  expanded.lastUpdated == state.lastUpdated else { continue }
            XCTAssertEqual(expanded, state, state.entityID)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 80, "most entities did not change between the two captures")
    }

    func testADiffGivesTheStateTheStateChangedEventReports() throws {
        let added = try decoder().decode(EntitiesEvent.self, from: Fixture("ws_event_entities_added").value(at: "event"))
        let changed = try decoder().decode(EntitiesEvent.self, from: Fixture("ws_event_entities_changed").value(at: "event"))
        let event = try decoder().decode(HAEvent.self, from: Fixture("ws_event_state_changed").value(at: "event")).stateChange()
        let before = try XCTUnwrap(added.added?["light.bed_light"].flatMap { EntityState(entityID: "light.bed_light", compressed: $0) })
        XCTAssertEqual(before, event.oldState)
        let diff = try XCTUnwrap(changed.changed?["light.bed_light"])
        XCTAssertEqual(before.applying(diff), event.newState)
    }

    func testRemovalsAndContextRules() throws {
        let removed = try decoder().decode(EntitiesEvent.self, from: Fixture("ws_event_entities_removed").value(at: "event"))
        XCTAssertEqual(removed.removed, ["sensor.fixture_temperature"])
        let base = EntityState(
            entityID: "light.x", state: "on", attributes: ["a": .integer(1), "b": .integer(2)],
            lastChanged: Date(timeIntervalSince1970: 10), lastUpdated: Date(timeIntervalSince1970: 10),
            context: HAContext(id: "c1", parentID: "p1", userID: "u1")
        )
        let touched = base.applying(CompressedEntityDiff(
            additions: CompressedEntityState(state: nil, context: .id("c2"), lastUpdated: 20),
            removals: CompressedAttributeRemoval(attributes: ["b"])
        ))
        XCTAssertEqual(touched.state, "on")
        XCTAssertEqual(touched.context, HAContext(id: "c2", parentID: "p1", userID: "u1"))
        XCTAssertEqual(touched.lastChanged, Date(timeIntervalSince1970: 10))
        XCTAssertEqual(touched.lastUpdated, Date(timeIntervalSince1970: 20))
        XCTAssertEqual(touched.attributes, ["a": .integer(1)])
        let cleared = base.applying(CompressedEntityDiff(additions: CompressedEntityState(
            state: "off", context: .context(CompressedContextFields(id: "c3", parentID: .some(nil))), lastChanged: 30
        )))
        XCTAssertEqual(cleared.context, HAContext(id: "c3", parentID: nil, userID: "u1"))
        XCTAssertEqual(cleared.lastUpdated, Date(timeIntervalSince1970: 30))
    }
}
