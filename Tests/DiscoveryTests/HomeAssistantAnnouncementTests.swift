@testable import Discovery
import DBus
import XCTest

/// The TXT record of `_home-assistant._tcp` read as Home Assistant 2024.3.3 writes it, and every
/// malformed, truncated or oversized record refused with the reason or read safely.
final class HomeAssistantAnnouncementTests: XCTestCase {
    private func entries(_ texts: [String]) -> [[UInt8]] { texts.map { Array($0.utf8) } }

    /// What Home Assistant 2024.3.3 announces (captured from the Avahi stand-in, built by its zeroconf code).
    private let announced = [
        "location_name=HomeCompanion Test", "uuid=5c1f7a0e9b2d4c2f8e1a3b4c5d6e7f80", "version=2024.3.3", "external_url=https://home.example.org",
        "internal_url=http://192.168.1.20:8123", "base_url=https://home.example.org", "requires_api_password=True",
    ]

    func testTheAnnouncementOfHomeAssistantIsRead() throws {
        let announcement = try HomeAssistantAnnouncement(txt: entries(announced))
        XCTAssertEqual(announcement.locationName, "HomeCompanion Test")
        XCTAssertEqual(announcement.uuid, "5c1f7a0e9b2d4c2f8e1a3b4c5d6e7f80")
        XCTAssertEqual(announcement.version, "2024.3.3")
        XCTAssertEqual(announcement.internalURL, "http://192.168.1.20:8123")
        XCTAssertEqual(announcement.externalURL, "https://home.example.org")
        XCTAssertTrue(announcement.requiresAPIPassword)
        let server = DiscoveredServer(name: "HomeCompanion Test", host: "x.local", address: "192.168.1.20", port: 8123, announcement: announcement)
        XCTAssertEqual(server.url, "http://192.168.1.20:8123", "the internal URL first")
    }

    func testWithoutURLsTheAddressItAnsweredOnIsUsed() throws {
        let bare = try HomeAssistantAnnouncement(txt: entries(["location_name=Home", "uuid=u", "version=2024.3.3", "external_url=", "internal_url=", "base_url="]))
        XCTAssertNil(bare.internalURL)
        XCTAssertEqual(DiscoveredServer(name: "Home", host: "u.local", address: "10.0.0.2", port: 8123, announcement: bare).url, "http://10.0.0.2:8123")
        XCTAssertEqual(DiscoveredServer(name: "Home", host: "u.local", address: "fe80::1", port: 8123, announcement: bare).url, "http://[fe80::1]:8123")
        let external = try HomeAssistantAnnouncement(txt: entries(["base_url=https://ha.example.org"]))
        XCTAssertEqual(DiscoveredServer(name: "Home", host: "u.local", address: "10.0.0.2", port: 8123, announcement: external).url, "https://ha.example.org")
    }

    func testOddButHarmlessRecordsAreReadSafely() throws {
        let odd = try HomeAssistantAnnouncement(txt: entries(["UUID=first", "uuid=second", "flag", "", "internal_url=javascript:alert(1)", "external_url=ftp://x", "base_url=:http://x", "requires_api_password=false"]))
        XCTAssertEqual(odd.uuid, "first", "the first value of a key counts (RFC 6763)")
        XCTAssertNil(odd.internalURL, "only http(s) URLs")
        XCTAssertNil(odd.externalURL)
        XCTAssertNil(odd.baseURL, "found by the fuzz target: a value that only contains http://")
        XCTAssertFalse(odd.requiresAPIPassword)
        XCTAssertNil(try HomeAssistantAnnouncement(txt: []).locationName)
        // Truncated: every prefix of every entry reads or is refused, never traps.
        for entry in announced {
            for end in 0...entry.utf8.count { _ = try? HomeAssistantAnnouncement(txt: [Array(entry.utf8.prefix(end))]) }
        }
    }

    func testMalformedAndOversizedRecordsAreRefused() {
        let cases: [([[UInt8]], AnnouncementError)] = [
            (Array(repeating: Array("a=b".utf8), count: 65), .tooManyEntries(65)),
            ([Array(repeating: UInt8(ascii: "a"), count: 256)], .entryTooLong(256)),
            ([Array("=value".utf8)], .emptyKey),
            ([[0x6B, 0xFF, 0x3D, 0x31]], .invalidKey),
            ([Array("k\u{1}=1".utf8)], .invalidKey),
            ([[0x6B, 0x3D, 0xC3]], .invalidValue("k")),
        ]
        for (record, expected) in cases {
            XCTAssertThrowsError(try HomeAssistantAnnouncement(txt: record)) { XCTAssertEqual($0 as? AnnouncementError, expected) }
        }
    }

    func testAResolvedServiceIsReadFromAvahisAnswer() throws {
        let txt = DBusValue.array(element: "ay", announced.map { .bytes(Array($0.utf8)) })
        let answer: [DBusValue] = [
            .int32(2), .int32(0), .string("HomeCompanion Test"), .string("_home-assistant._tcp"), .string("local"), .string("5c1f.local"),
            .int32(0), .string("192.168.1.20"), .uint16(8123), txt, .uint32(0),
        ]
        let server = try AvahiBrowser.server(from: answer)
        XCTAssertEqual(server.port, 8123)
        XCTAssertEqual(server.title, "HomeCompanion Test")
        XCTAssertThrowsError(try AvahiBrowser.server(from: Array(answer.prefix(9)))) { XCTAssertTrue("\($0)".contains("unexpected shape"), "\($0)") }
    }
}
