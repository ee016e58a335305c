import Agent
import Foundation
import MQTT
@testable import MQTTPlugin
import PluginHost
@testable import ScriptSensorsPlugin
@testable import SystemControlsPlugin
import XCTest

/// The manifest configurations of the mqtt, system-controls and script-sensors plugins, as the
/// plugin host decodes them: what is right is read, what is wrong names its key.
final class ControlConfigurationTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    private func assertRefused<T: Decodable>(_ type: T.Type, _ text: String, key: String, line: UInt = #line) {
        XCTAssertThrowsError(try decode(T.self, text), text, line: line) { error in
            XCTAssertEqual((error as? ConfigurationError)?.key, key, "\(error)", line: line)
        }
    }

    func testTheMQTTConfiguration() throws {
        let configuration = try decode(MQTTConfiguration.self, #"{"broker": "mqtts://b.example", "username": "u", "passwordFile": "/p", "topicPrefix": "home/desk"}"#)
        XCTAssertEqual(configuration.broker, MQTTBroker(host: "b.example", port: 8883, tls: true))
        XCTAssertEqual([configuration.discoveryPrefix, configuration.topicPrefix], ["homeassistant", "home/desk"])
        XCTAssertNil(try decode(MQTTConfiguration.self, "{}").broker, "without a broker, nothing runs")
        assertRefused(MQTTConfiguration.self, #"{"broker": "http://b"}"#, key: "broker")
        assertRefused(MQTTConfiguration.self, #"{"broker": "mqtt://b", "passwordFile": "/p"}"#, key: "passwordFile")
        for prefix in ["", "a/#", "a/+/b", "/a", "a/", "a//b", "a b"] {
            assertRefused(MQTTConfiguration.self, #"{"topicPrefix": "\#(prefix)"}"#, key: "topicPrefix")
        }
    }

    func testTheSystemControlsConfiguration() throws {
        let configuration = try decode(SystemControlsConfiguration.self, #"""
        {"logind": false, "commands": [{"id": "backup", "kind": "button", "run": ["/usr/bin/true"]},
         {"id": "fan", "kind": "number", "min": 10, "max": 20, "step": 2, "unit": "%", "run": ["/usr/bin/true"]},
         {"id": "temp", "kind": "sensor", "state": ["/usr/bin/true"]}]}
        """#)
        XCTAssertFalse(configuration.logind)
        XCTAssertTrue(configuration.media)
        XCTAssertEqual(configuration.commands.map(\.definition.kind), [.button, .number(minimum: 10, maximum: 20, step: 2, unit: "%"), .sensor])
        assertRefused(SystemControlsConfiguration.self, #"{"commands": [{"id": "Bad Id", "kind": "button", "run": ["x"]}]}"#, key: "commands.id")
        assertRefused(SystemControlsConfiguration.self, #"{"commands": [{"id": "a", "kind": "lamp", "run": ["x"]}]}"#, key: "commands.a.kind")
        assertRefused(SystemControlsConfiguration.self, #"{"commands": [{"id": "a", "kind": "button"}]}"#, key: "commands.a.run")
        assertRefused(SystemControlsConfiguration.self, #"{"commands": [{"id": "a", "kind": "sensor"}]}"#, key: "commands.a.state")
        assertRefused(SystemControlsConfiguration.self, #"{"commands": [{"id": "a", "kind": "number", "min": 5, "max": 5, "run": ["x"]}]}"#, key: "commands.a")
        assertRefused(SystemControlsConfiguration.self, #"{"commands": [{"id": "a", "kind": "button", "run": ["x"]}, {"id": "a", "kind": "button", "run": ["y"]}]}"#, key: "commands")
    }

    func testTheScriptSensorsConfiguration() throws {
        let configuration = try decode(ScriptSensorsConfiguration.self, #"""
        {"scripts": [{"id": "backup", "command": ["/bin/true"], "interval": 300, "sensors": [{"key": "age", "unit": "h", "device_class": "duration"}]}]}
        """#)
        let script = try XCTUnwrap(configuration.scripts.first)
        XCTAssertEqual(script.sensors.map(\.uniqueID), ["script_backup_age"])
        XCTAssertEqual(script.sensors.first?.deviceClass, "duration")
        XCTAssertEqual(script.keys, ["script_backup_age": "age"])
        XCTAssertFalse(script.streams)
        assertRefused(ScriptSensorsConfiguration.self, #"{"scripts": [{"id": "x", "command": [], "sensors": [{"key": "a"}]}]}"#, key: "scripts.x.command")
        assertRefused(ScriptSensorsConfiguration.self, #"{"scripts": [{"id": "x", "command": ["/bin/true"], "sensors": []}]}"#, key: "scripts.x.sensors")
        assertRefused(ScriptSensorsConfiguration.self, #"{"scripts": [{"id": "x", "command": ["/bin/true"], "timeout": 0, "sensors": [{"key": "a"}]}]}"#, key: "scripts.x")
        assertRefused(ScriptSensorsConfiguration.self, #"{"scripts": [{"id": "x", "command": ["/bin/true"], "mode": "daemon", "sensors": [{"key": "a"}]}]}"#, key: "scripts.x.mode")
        assertRefused(ScriptSensorsConfiguration.self, #"{"scripts": [{"id": "x", "command": ["/bin/true"], "sensors": [{"key": "a"}, {"key": "a"}]}]}"#, key: "scripts.x.sensors")
        assertRefused(ScriptSensorsConfiguration.self, #"{"scripts": [{"id": "X!", "command": ["/bin/true"], "sensors": [{"key": "a"}]}]}"#, key: "scripts.id")
    }
}
