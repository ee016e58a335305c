import Essentials
import Foundation
import HAModels
import XCTest

/// Every fixture captured from Home Assistant 2024.3.3 decodes into its type and re-encodes
/// with every field kept.
final class FixtureRoundTripTests: XCTestCase {
    func testWebSocketMessagesRoundTrip() throws {
        let expectations: [(String, (ServerMessage) -> Bool)] = [
            ("ws_auth_required", { $0 == .authRequired(haVersion: "2024.3.3") }),
            ("ws_auth_ok", { $0 == .authOK(haVersion: "2024.3.3") }),
            ("ws_auth_invalid", { $0 == .authInvalid(message: "Invalid access token or password") }),
            ("ws_pong", { if case .pong = $0 { true } else { false } }),
            ("ws_result_error", { if case .result(let r) = $0 { r.error?.code == "unknown_command" && !r.success } else { false } }),
            ("ws_result_get_states", { if case .result(let r) = $0 { r.success } else { false } }),
            ("ws_event_state_changed", { if case .event = $0 { true } else { false } }),
        ]
        for (name, check) in expectations {
            let message = try Fixture(name).assertRoundTrip(ServerMessage.self)
            XCTAssertTrue(check(message), "\(name): \(message)")
        }
    }

    func testCoalescedFrameIsAnArrayOfMessages() throws {
        let messages = try Fixture("ws_coalesced_frame").assertRoundTrip([ServerMessage].self)
        // How many pongs the server coalesced depends on timing; the capture holds at least two.
        XCTAssertGreaterThanOrEqual(messages.count, 2)
        XCTAssertTrue(messages.allSatisfy { if case .pong = $0 { true } else { false } })
    }

    func testStatesRoundTripToTheMicrosecond() throws {
        let states = try Fixture("ws_result_get_states").assertRoundTrip([EntityState].self, at: "result")
        XCTAssertGreaterThanOrEqual(states.count, 90)
        let sun = try XCTUnwrap(states.first { $0.entityID == "sun.sun" })
        XCTAssertEqual(sun.domain, "sun")
        XCTAssertEqual(sun.attributes["rising"], .bool(false))
    }

    func testEventsRoundTrip() throws {
        let event = try Fixture("ws_event_state_changed").assertRoundTrip(HAEvent.self, at: "event")
        XCTAssertEqual(event.eventType, "state_changed")
        let change = try event.stateChange()
        XCTAssertEqual(change.newState?.state, "on")
        XCTAssertEqual(change.newState?.attributes["brightness"], .integer(77))
        try Fixture("ws_event_state_changed").assertRoundTrip(StateChangedData.self, at: "event", "data")
    }

    func testCompressedEntityEventsRoundTrip() throws {
        for name in ["ws_event_entities_added", "ws_event_entities_added_one", "ws_event_entities_changed", "ws_event_entities_removed"] {
            try Fixture(name).assertRoundTrip(EntitiesEvent.self, at: "event")
        }
    }

    func testConfigServicesAndRegistriesRoundTrip() throws {
        let config = try Fixture("ws_result_get_config").assertRoundTrip(HAConfig.self, at: "result")
        XCTAssertEqual(config.version, "2024.3.3")
        XCTAssertEqual(config.unitSystem.temperature, "°C")
        let services = try Fixture("ws_result_get_services").assertRoundTrip([String: [String: ServiceDescription]].self, at: "result")
        XCTAssertNotNil(services["light"]?["turn_on"]?.fields["brightness"])
        let areas = try Fixture("ws_result_area_registry").assertRoundTrip([AreaRegistryEntry].self, at: "result")
        XCTAssertEqual(areas.first?.areaID, "living_room")
        let devices = try Fixture("ws_result_device_registry").assertRoundTrip([DeviceRegistryEntry].self, at: "result")
        XCTAssertGreaterThan(devices.count, 10)
        let entities = try Fixture("ws_result_entity_registry").assertRoundTrip([EntityRegistryEntry].self, at: "result")
        XCTAssertTrue(entities.contains { $0.entityID == "sensor.sun_next_dawn" })
        try Fixture("ws_result_call_service").assertRoundTrip(HAContext.self, at: "result", "context")
    }

    func testMobileAppRegistrationRoundTrips() throws {
        try Fixture("mobile_app_registration_request").assertRoundTrip(MobileAppRegistration.self)
        let plain = try Fixture("mobile_app_registration_response").assertRoundTrip(MobileAppRegistrationResponse.self)
        XCTAssertNil(plain.secret)
        let encrypted = try Fixture("mobile_app_registration_encrypted_response").assertRoundTrip(MobileAppRegistrationResponse.self)
        XCTAssertEqual(encrypted.secret?.count, 64)
    }

    func testWebhookAnswersRoundTrip() throws {
        try Fixture("webhook_update_registration_request").assertRoundTrip(MobileAppRegistration.self, at: "data")
        try Fixture("webhook_update_registration_response").assertRoundTrip(MobileAppRegistration.self)
        let config = try Fixture("webhook_get_config_response").assertRoundTrip(HAConfig.self)
        XCTAssertNotNil(config.entities)
    }
}
