import Essentials
import Foundation
import Improv
import XCTest

/// Our BLE frames against py-improv-ble-client (the library Home Assistant's improv_ble
/// integration uses), both ways: what we write, it parses to the same values; what it builds,
/// we parse to the same values.
final class ImprovBLEFrameTests: XCTestCase {
    private static let script = """
    import json, sys
    from improv_ble_client import protocol as p
    ours = json.loads(sys.argv[1])
    parsed = {
        "wifi": [s.decode() for s in (lambda c: [c.ssid, c.password])(p.WiFiSettingsCmd.from_bytes(bytes.fromhex(ours["wifi"])))],
        "identify": type(p.IdentifyCmd.from_bytes(bytes.fromhex(ours["identify"]))).__name__,
        "info": type(p.DeviceInfoCmd.from_bytes(bytes.fromhex(ours["info"]))).__name__,
        "scan": type(p.ScanWifiCmd.from_bytes(bytes.fromhex(ours["scan"]))).__name__,
    }
    built = {
        "redirect": p.WiFiSettingsRes(b"http://192.168.1.42/?domain=esphome", []).as_bytes().hex(),
        "info": p.DeviceInfoRes(b"ESPHome", b"2024.3.0", b"ESP32-C3", b"porch-light").as_bytes().hex(),
        "scan": p.ScanWifiRes([(b"HomeNet", b"-48", b"WPA2"), (b"Guest", b"-71", b"NO")]).as_bytes().hex(),
    }
    print(json.dumps({"parsed": parsed, "built": built}))
    """

    private static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    private static func bytes(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).compactMap { UInt8(String(Array(hex)[$0..<$0 + 2]), radix: 16) }
    }

    func testFramesAgreeWithTheLibraryHomeAssistantUses() throws {
        _ = try IntegrationEnvironment.require()
        let ours: [String: JSONValue] = [
            "wifi": .string(Self.hex(try ImprovCommand.sendWiFi(ssid: "HomeNet", password: "correct horse").frame(checksum: true))),
            "identify": .string(Self.hex(try ImprovCommand.identify.frame(checksum: true))),
            "info": .string(Self.hex(try ImprovCommand.deviceInfo.frame(checksum: true))),
            "scan": .string(Self.hex(try ImprovCommand.scanNetworks.frame(checksum: true))),
        ]
        let answer = try JSONParser.parse(try VenvPython.run(Self.script, try JSONSerializer.string(.object(ours)))).objectValue ?? [:]
        let parsed = answer["parsed"]?.objectValue ?? [:]
        XCTAssertEqual(parsed["wifi"], .array([.string("HomeNet"), .string("correct horse")]))
        XCTAssertEqual(parsed["identify"], .string("IdentifyCmd"))
        XCTAssertEqual(parsed["info"], .string("DeviceInfoCmd"))
        XCTAssertEqual(parsed["scan"], .string("ScanWifiCmd"))

        let built = answer["built"]?.objectValue ?? [:]
        let redirect = try ImprovResult(frame: Self.bytes(built["redirect"]?.stringValue ?? ""), checksum: true)
        XCTAssertEqual(redirect.redirectURL, "http://192.168.1.42/?domain=esphome")
        let info = try ImprovResult(frame: Self.bytes(built["info"]?.stringValue ?? ""), checksum: true).deviceInfo
        XCTAssertEqual(info?.hardware, "ESP32-C3")
        XCTAssertEqual(info?.name, "porch-light")
        let networks = try ImprovResult(frame: Self.bytes(built["scan"]?.stringValue ?? ""), checksum: true).networks
        XCTAssertEqual(networks.map(\.ssid), ["HomeNet", "Guest"])
        XCTAssertEqual(networks.map(\.rssi), [-48, -71])
        XCTAssertEqual(networks.map(\.secured), [true, false])
    }
}
