import MQTT
import XCTest

/// Broker URLs, as the mqtt plugin's manifest gives them.
final class MQTTBrokerTests: XCTestCase {
    func testBrokerURLsAreRead() throws {
        XCTAssertEqual(try MQTTBroker(url: "mqtt://broker.local"), MQTTBroker(host: "broker.local", port: 1883, tls: false))
        XCTAssertEqual(try MQTTBroker(url: "mqtts://broker.example"), MQTTBroker(host: "broker.example", port: 8883, tls: true))
        XCTAssertEqual(try MQTTBroker(url: "MQTT://10.0.0.2:1884/"), MQTTBroker(host: "10.0.0.2", port: 1884, tls: false))
        XCTAssertEqual(try MQTTBroker(url: "mqtt://[::1]:1885"), MQTTBroker(host: "::1", port: 1885, tls: false))
        XCTAssertEqual(try MQTTBroker(url: "mqtts://[fe80::1]"), MQTTBroker(host: "fe80::1", port: 8883, tls: true))
    }

    func testAnythingElseIsRefusedWithAReason() {
        for url in [
            "broker.local", "http://broker.local", "mqtt://", "mqtt://user:pw@broker", "mqtt://broker/path", "mqtt://broker:0", "mqtt://broker:70000",
            "mqtt://broker:x", "mqtt://[::1", "mqtt://[::1]x", "mqtt://bro ker", "mqtt://:1883",
        ] {
            XCTAssertThrowsError(try MQTTBroker(url: url), url) { error in
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
    }

    func testAMessageKnowsItsText() {
        XCTAssertEqual(MQTTMessage(topic: "t", text: "ON").text, "ON")
        XCTAssertNil(MQTTMessage(topic: "t", payload: [0xFF, 0xFE]).text)
    }
}
