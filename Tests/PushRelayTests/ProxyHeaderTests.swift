@testable import PushRelay
import XCTest

/// The PROXY protocol header (v1 text, v2 binary): complete, truncated, oversized, malformed.
final class ProxyHeaderTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A v2 header: PROXY command over `family`, then `body`.
    private func version2(command: UInt8 = 0x21, family: UInt8, body: [UInt8]) -> [UInt8] {
        ProxyHeader.version2Signature + [command, family, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    func testVersion1NamesTheClient() {
        let line = bytes("PROXY TCP4 198.51.100.7 10.0.0.1 51234 443\r\n")
        XCTAssertEqual(ProxyHeader.parse(line + bytes("GET / HTTP/1.1\r\n")), .complete(length: line.count, client: IPAddress("198.51.100.7")))
        let six = bytes("PROXY TCP6 2001:db8::7 2001:db8::1 51234 443\r\n")
        XCTAssertEqual(ProxyHeader.parse(six), .complete(length: six.count, client: IPAddress("2001:db8::7")))
        let unknown = bytes("PROXY UNKNOWN\r\n")
        XCTAssertEqual(ProxyHeader.parse(unknown + [0x16, 0x03]), .complete(length: unknown.count, client: nil), "UNKNOWN: the peer is the client")
    }

    func testVersion2NamesTheClientAndALocalCommandNamesNone() {
        let four = version2(family: 0x11, body: [198, 51, 100, 7, 10, 0, 0, 1, 0xC8, 0x22, 0x01, 0xBB])
        XCTAssertEqual(ProxyHeader.parse(four + bytes("GET")), .complete(length: four.count, client: IPAddress("198.51.100.7")))
        let address = IPAddress("2001:db8::7")!.bytes, server = IPAddress("2001:db8::1")!.bytes
        // With a TLV after the addresses (type 0x04, NOOP), which is skipped.
        let six = version2(family: 0x21, body: address + server + [0, 80, 1, 187] + [0x04, 0, 2, 0, 0])
        XCTAssertEqual(ProxyHeader.parse(six), .complete(length: six.count, client: IPAddress("2001:db8::7")))
        let local = version2(command: 0x20, family: 0x00, body: [])
        XCTAssertEqual(ProxyHeader.parse(local + [0x16]), .complete(length: 16, client: nil))
        let unix = version2(family: 0x31, body: Array(repeating: 0, count: 216))
        XCTAssertEqual(ProxyHeader.parse(unix), .complete(length: unix.count, client: nil), "a Unix socket names no IP client")
    }

    func testEveryTruncationOfAValidHeaderWaitsForMore() {
        let headers = [
            bytes("PROXY TCP4 198.51.100.7 10.0.0.1 51234 443\r\n"),
            version2(family: 0x11, body: [198, 51, 100, 7, 10, 0, 0, 1, 0xC8, 0x22, 0x01, 0xBB]),
        ]
        for header in headers {
            for length in 0..<header.count {
                XCTAssertEqual(ProxyHeader.parse(header.prefix(length)), .incomplete, "\(length) of \(header.count) bytes")
            }
        }
    }

    func testOversizedHeadersAreRefused() {
        let long = bytes("PROXY TCP4 198.51.100.7 10.0.0.1 51234 443" + String(repeating: " ", count: 80))
        XCTAssertEqual(ProxyHeader.parse(long), .invalid("a PROXY v1 header is longer than 107 bytes"))
        let huge = ProxyHeader.version2Signature + [0x21, 0x11, 0x04, 0x01]
        XCTAssertEqual(ProxyHeader.parse(huge), .invalid("a PROXY v2 header of 1025 bytes is over 1024"))
    }

    func testMalformedHeadersAreRefusedWithTheReason() {
        let cases: [([UInt8], String)] = [
            (bytes("GET / HTTP/1.1\r\n"), "does not start"),
            ([0x16, 0x03, 0x01], "does not start"),
            (bytes("PROXY TCP4 198.51.100.7 10.0.0.1 51234 443\n"), "CR LF"),
            (bytes("PROXY TCP4 198.51.100.7 10.0.0.1 51234\r\n"), "must be"),
            (bytes("PROXY TCP5 198.51.100.7 10.0.0.1 1 2\r\n"), "must be"),
            (bytes("PROXY TCP4 2001:db8::7 10.0.0.1 1 2\r\n"), "not IPv4"),
            (bytes("PROXY TCP6 198.51.100.7 2001:db8::1 1 2\r\n"), "not IPv6"),
            (bytes("PROXY TCP4 198.51.100.300 10.0.0.1 1 2\r\n"), "not IPv4"),
            (bytes("PROXY TCP4 198.51.100.7 10.0.0.1 65536 2\r\n"), "ports"),
            (bytes("PROXY TCP4 198.51.100.7 10.0.0.1 080 2\r\n"), "ports"),
            (bytes("PROXY TCP4 198.51.100.7 10.0.0.1 -1 2\r\n"), "ports"),
            (bytes("PROXY TCP4 198.51.100.7\t10.0.0.1 1 2\r\n"), "control byte"),
            (version2(command: 0x31, family: 0x11, body: []), "version 3"),
            (version2(command: 0x22, family: 0x11, body: []), "unknown command 2"),
            (version2(family: 0x11, body: [1, 2, 3]), "shorter than its addresses"),
            (version2(family: 0x21, body: Array(repeating: 1, count: 20)), "shorter than its addresses"),
        ]
        for (input, reason) in cases {
            guard case .invalid(let message) = ProxyHeader.parse(input) else {
                XCTFail("\(String(decoding: input, as: UTF8.self)) was not refused")
                continue
            }
            XCTAssertTrue(message.contains(reason), "\(message) (expected \(reason))")
        }
    }
}
