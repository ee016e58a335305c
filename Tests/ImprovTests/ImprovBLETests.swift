import DBus
import Improv
import XCTest

/// What BLE adds to the protocol: the advertised service data, capabilities, and reading a
/// device out of BlueZ's properties (anything missing or malformed is skipped, never a crash).
final class ImprovBLETests: XCTestCase {
    func testServiceDataDecodesStateAndCapabilitiesAndRefusesTheRest() throws {
        let data = try ImprovServiceData(bytes: [0x01, 0x03, 0, 0, 0, 0])
        XCTAssertEqual(data.state, .authorizationRequired)
        XCTAssertEqual(data.capabilities, [.identify, .deviceInfo])
        XCTAssertEqual(data.capabilities.names, ["identify", "device info"])
        XCTAssertThrowsError(try ImprovServiceData(bytes: [0x02, 0x01])) { error in
            XCTAssertEqual(error as? ImprovProtocolError, .truncated(what: "the Improv service data", needed: 6, available: 2))
        }
        XCTAssertThrowsError(try ImprovServiceData(bytes: [UInt8](repeating: 2, count: 7))) { error in
            XCTAssertEqual(error as? ImprovProtocolError, .tooLong(what: "the Improv service data", bytes: 7, limit: 6))
        }
        XCTAssertThrowsError(try ImprovServiceData(bytes: [0x09, 0, 0, 0, 0, 0])) { error in
            XCTAssertEqual(error as? ImprovProtocolError, .invalid("the service data's state 9 is not an Improv state"))
        }
    }

    func testADeviceIsReadFromBlueZPropertiesWhenItOffersImprov() throws {
        let serviceData = DBusValue.properties([ImprovBLEUUID.serviceData.uppercased(): .bytes([0x02, 0x0F, 0, 0, 0, 0])])
        let properties: [String: DBusValue] = [
            "Address": .variant(.string("24:0A:C4:00:00:01")), "Alias": .variant(.string("porch")), "RSSI": .variant(.int16(-61)),
            "UUIDs": .variant(.strings([ImprovBLEUUID.service.uppercased()])), "ServiceData": .variant(serviceData),
        ]
        let device = try XCTUnwrap(ImprovBLEDevice(path: "/org/bluez/hci0/dev_24_0A_C4_00_00_01", properties: properties))
        XCTAssertEqual(device.name, "porch")
        XCTAssertEqual(device.rssi, -61)
        XCTAssertEqual(device.advertised, ImprovServiceData(state: .authorized, capabilities: [.identify, .deviceInfo, .scanNetworks, .hostname]))
        XCTAssertTrue(device.matches("24:0a:c4:00:00:01"))
        XCTAssertTrue(device.matches("porch"))
        XCTAssertFalse(device.matches("porch light"))

        var thermometer = properties
        thermometer["UUIDs"] = .variant(.strings(["0000181a-0000-1000-8000-00805f9b34fb"]))
        thermometer["ServiceData"] = nil
        XCTAssertNil(ImprovBLEDevice(path: "/x", properties: thermometer), "not an Improv device")
        var anonymous = properties
        anonymous["Address"] = nil
        XCTAssertNil(ImprovBLEDevice(path: "/x", properties: anonymous), "no address")
        var garbled = properties
        garbled["ServiceData"] = .variant(.properties([ImprovBLEUUID.serviceData: .bytes([1])]))
        garbled["Alias"] = nil
        garbled["RSSI"] = .variant(.string("loud"))
        let kept = try XCTUnwrap(ImprovBLEDevice(path: "/x", properties: garbled), "the service UUID is enough")
        XCTAssertNil(kept.advertised, "malformed service data is left out")
        XCTAssertNil(kept.rssi)
        XCTAssertEqual(kept.name, "24:0A:C4:00:00:01", "no name: the address")
    }
}
