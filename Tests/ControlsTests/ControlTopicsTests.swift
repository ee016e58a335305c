import Agent
import Essentials
import HAModels
@testable import MQTTPlugin
import XCTest

/// The topics and discovery configs of a machine's controls.
final class ControlTopicsTests: XCTestCase {
    private let topics = ControlTopics(deviceID: "AB:cd-12/#+", topicPrefix: "homecompanion", discoveryPrefix: "homeassistant")

    func testTheNodeIsTopicSafe() {
        XCTAssertEqual(topics.node, "ab_cd_12___")
        XCTAssertEqual(topics.availability, "homecompanion/ab_cd_12___/availability")
        XCTAssertEqual(topics.commands, "homecompanion/ab_cd_12___/+/set")
        XCTAssertEqual(ControlTopics(deviceID: String(repeating: "x", count: 200), topicPrefix: "p", discoveryPrefix: "d").node.count, 64)
    }

    func testACommandTopicNamesItsControlAndNothingElseDoes() {
        XCTAssertEqual(topics.controlID(commandTopic: "homecompanion/ab_cd_12___/volume/set"), "volume")
        for topic in [
            "homecompanion/ab_cd_12___/volume/state", "homecompanion/other/volume/set", "homecompanion/ab_cd_12___//set",
            "homecompanion/ab_cd_12___/a/b/set", "homecompanion/ab_cd_12___/set", "x",
        ] {
            XCTAssertNil(topics.controlID(commandTopic: topic), topic)
        }
    }

    func testANumbersDiscoveryConfigCarriesItsRangeTopicsAndDevice() throws {
        let registration = MobileAppRegistration(
            deviceID: "d", appID: nil, appName: nil, appVersion: "1.0", deviceName: "desk", manufacturer: "Acme", model: "PC", osName: nil, osVersion: nil,
            supportsEncryption: nil, appData: nil
        )
        let definition = ControlDefinition(id: "volume", name: "Volume", kind: .number(minimum: 0, maximum: 100, step: 5, unit: "%"), icon: "mdi:volume-high")
        let config = try XCTUnwrap(ControlDiscovery.config(definition, topics: topics, registration: registration).objectValue)
        XCTAssertEqual(config["command_topic"], .string("homecompanion/ab_cd_12___/volume/set"))
        XCTAssertEqual(config["state_topic"], .string("homecompanion/ab_cd_12___/volume/state"))
        XCTAssertEqual(config["availability_topic"], .string(topics.availability))
        XCTAssertEqual([config["min"], config["max"], config["step"]], [.double(0), .double(100), .double(5)])
        XCTAssertEqual(config["unit_of_measurement"], .string("%"))
        XCTAssertEqual(config["qos"], .integer(1))
        XCTAssertEqual(config["unique_id"], .string("homecompanion_ab_cd_12____volume"))
        XCTAssertEqual(config["object_id"], .string("desk_volume"))
        XCTAssertEqual(ControlDiscovery.slug("Ada's Desk (2)"), "ada_s_desk_2")
        XCTAssertEqual(ControlDiscovery.slug("💻"), "homecompanion")
        XCTAssertEqual(config["device"]?.objectValue?["name"], .string("desk"))
        XCTAssertEqual(config["device"]?.objectValue?["identifiers"], .array([.string("homecompanion_ab_cd_12___")]))
        XCTAssertEqual(topics.discovery(definition), "homeassistant/number/ab_cd_12___/volume/config")
    }
}
