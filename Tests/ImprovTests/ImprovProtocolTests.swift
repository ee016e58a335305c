@testable import Improv
import XCTest

/// Commands, results and the serial stream: built, read, and every malformed case named.
final class ImprovProtocolTests: XCTestCase {
    func testCommandsAreFramedAsTheSpecificationSays() throws {
        XCTAssertEqual(try ImprovCommand.sendWiFi(ssid: "ab", password: "xyz").frame(checksum: false), [0x01, 0x07, 2, 0x61, 0x62, 3, 0x78, 0x79, 0x7A])
        let ble = try ImprovCommand.sendWiFi(ssid: "ab", password: "").frame(checksum: true)
        XCTAssertEqual(ble, [0x01, 0x04, 2, 0x61, 0x62, 0, (0x01 + 0x04 + 2 + 0x61 + 0x62) & 0xFF])
        XCTAssertEqual(try ImprovCommand.requestState.frame(checksum: false), [0x02, 0x00])
        XCTAssertEqual(try ImprovCommand.identify.frame(checksum: true), [0x02, 0x00, 0x02])
        XCTAssertEqual(try ImprovCommand.hostname("kitchen").frame(checksum: false), [0x05, 8, 7] + Array("kitchen".utf8))
        XCTAssertEqual(try ImprovCommand.deviceName(nil).frame(checksum: false), [0x06, 0x00])
        XCTAssertThrowsError(try ImprovCommand.sendWiFi(ssid: "", password: "x").frame(checksum: false)) {
            XCTAssertEqual("\($0)", "the SSID must not be empty")
        }
        XCTAssertThrowsError(try ImprovCommand.sendWiFi(ssid: String(repeating: "s", count: 33), password: "").frame(checksum: false)) {
            XCTAssertEqual("\($0)", "the SSID is 33 bytes; Improv allows 32")
        }
        XCTAssertThrowsError(try ImprovCommand.sendWiFi(ssid: "s", password: String(repeating: "p", count: 65)).frame(checksum: false))
    }

    func testResultsDecodeToTypedValues() throws {
        let url = try ImprovResult(frame: try ImprovResult(command: 0x01, strings: ["http://10.0.0.2"]).frame(checksum: true), checksum: true)
        XCTAssertEqual(url.redirectURL, "http://10.0.0.2")
        let info = ImprovResult(command: 0x03, strings: ["ESPHome", "2024.3.0", "ESP32", "kitchen", "Linux", "6.1"]).deviceInfo
        XCTAssertEqual(info, ImprovDeviceInfo(firmware: "ESPHome", version: "2024.3.0", hardware: "ESP32", name: "kitchen", osName: "Linux", osVersion: "6.1"))
        XCTAssertEqual(ImprovResult(command: 0x04, strings: ["Home", "-60", "YES"]).networks, [ImprovNetwork(ssid: "Home", rssi: -60, auth: "YES")])
        let several = ImprovResult(command: 0x04, strings: ["Home", "-60", "WPA2", "Cafe", "-80", "NO"]).networks
        XCTAssertEqual(several.map(\.ssid), ["Home", "Cafe"])
        XCTAssertEqual(several.map(\.secured), [true, false])
        XCTAssertEqual(ImprovResult(command: 0x04, strings: []).networks, [], "the empty result ends a scan")
        XCTAssertEqual(ImprovResult(command: 0x04, strings: ["Home", "loud", "NO"]).networks, [])
        XCTAssertNil(ImprovResult(command: 0x03, strings: ["only", "three", "strings"]).deviceInfo)
    }

    func testMalformedResultsAreNamed() {
        XCTAssertThrowsError(try ImprovResult(frame: [0x01], checksum: false)) { XCTAssertEqual("\($0)", "the RPC result is truncated: 2 bytes needed, 1 there") }
        XCTAssertThrowsError(try ImprovResult(frame: [0x01, 5, 1, 0x61], checksum: false)) {
            XCTAssertEqual("\($0)", "the RPC result is truncated: 7 bytes needed, 4 there")
        }
        XCTAssertThrowsError(try ImprovResult(frame: [0x01, 2, 5, 0x61], checksum: false)) {
            XCTAssertEqual("\($0)", "string 1 of the RPC result is truncated: 8 bytes needed, 4 there")
        }
        XCTAssertThrowsError(try ImprovResult(frame: [0x01, 2, 1, 0xFF, 0x00], checksum: true)) {
            XCTAssertEqual("\($0)", "checksum mismatch: computed 3, the frame says 0")
        }
        XCTAssertThrowsError(try ImprovResult(frame: [0x01, 2, 1, 0xFF], checksum: false)) {
            XCTAssertEqual("\($0)", "string 1 of the RPC result is not UTF-8")
        }
        XCTAssertThrowsError(try ImprovResult(command: 1, strings: [String(repeating: "x", count: 256)]).frame(checksum: false))
    }

    func testTheStreamFindsPacketsAmongLogLinesAndSkipsBrokenOnes() throws {
        let state = try ImprovPacket(type: .currentState, payload: [0x02]).encoded
        var broken = try ImprovPacket(type: .errorState, payload: [0x03]).encoded
        broken[broken.count - 1] &+= 1
        var stream = ImprovSerialStream()
        var items: [ImprovSerialItem] = []
        let bytes = Array("[I][wifi:123]: scanning\r\n[D][x]: half a li".utf8) + state + Array("ne\r\nIMPRO".utf8) + broken + state
        for byte in bytes { items += stream.feed([byte]) }
        // A header that starts no valid packet is skipped one byte at a time: what follows it
        // surfaces as noise until the next header, and the next packet is found.
        XCTAssertEqual(items.count, 8, "\(items)")
        XCTAssertEqual(Array(items.prefix(5)), [
            .log("[I][wifi:123]: scanning"), .log("[D][x]: half a li"), .packet(try ImprovPacket(type: .currentState, payload: [2])),
            .log("ne"), .log("IMPRO"),
        ])
        XCTAssertEqual(items[5], .garbage(.checksumMismatch(expected: broken[broken.count - 1] &- 1, found: broken[broken.count - 1])))
        guard case .log(let junk) = items[6] else { return XCTFail("\(items[6])") }
        XCTAssertTrue(junk.hasPrefix("MPROV"), junk)
        XCTAssertEqual(items[7], .packet(try ImprovPacket(type: .currentState, payload: [2])))
    }

    func testNoiseNeverGrowsTheBufferBeyondItsLimit() {
        var stream = ImprovSerialStream()
        var logs = 0
        for _ in 0..<100 { logs += stream.feed([UInt8](repeating: 0x41, count: 1000)).count }
        XCTAssertEqual(logs, 0, "no line ended")
        XCTAssertEqual(stream.feed(Array("\n".utf8)).count, 1, "what is kept is one bounded line")
    }
}
