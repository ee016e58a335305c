import Essentials
import Foundation
import HomeAPI
import Networking
import XCTest

/// The URL a server is reached at, chosen by the network; and its `urls.json` refused with a
/// clear error when truncated, oversized or malformed, leaving the URL signed in with in use.
final class ServerURLsTests: XCTestCase {
    private var identity: ServerAddress!
    private var internalURL: ServerAddress!
    private var externalURL: ServerAddress!
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-urls-\(UUID().uuidString)")

    override func setUpWithError() throws {
        identity = try ServerAddress("http://192.168.1.20:8123")
        internalURL = try ServerAddress("http://homeassistant.local:8123")
        externalURL = try ServerAddress("https://home.example.org")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testTheNetworkChoosesTheURL() throws {
        let urls = try ServerURLs(internalURL: internalURL, externalURL: externalURL, homeNetworks: ["Home", "Home 5G"])
        XCTAssertEqual(urls.address(of: identity, on: ["Home 5G"]), internalURL, "on a home network: the internal URL")
        XCTAssertEqual(urls.address(of: identity, on: ["Café", "Home"]), internalURL, "one of several networks is home")
        XCTAssertEqual(urls.address(of: identity, on: ["Café"]), externalURL, "elsewhere: the external URL")
        XCTAssertEqual(urls.address(of: identity, on: []), externalURL, "no Wi-Fi at all is not home")
        XCTAssertEqual(urls.address(of: identity, on: nil), identity, "networks not known: the URL signed in with")
        XCTAssertEqual(try ServerURLs(internalURL: internalURL, externalURL: externalURL).address(of: identity, on: ["Home"]), identity, "no home network said")
        XCTAssertEqual(try ServerURLs(externalURL: externalURL, homeNetworks: ["Home"]).address(of: identity, on: ["Home"]), identity, "at home without an internal URL")
        XCTAssertEqual(try ServerURLs(internalURL: internalURL, homeNetworks: ["Home"]).address(of: identity, on: ["Café"]), identity, "away without an external URL")
    }

    func testHomeNetworksAreCheckedAndKeptSorted() throws {
        var urls = try ServerURLs(homeNetworks: ["b", "a", "b"])
        XCTAssertEqual(urls.homeNetworks, ["a", "b"])
        XCTAssertThrowsError(try urls.addHomeNetwork("")) { XCTAssertEqual(($0 as? HomeError)?.code, .invalidArgument) }
        XCTAssertThrowsError(try urls.addHomeNetwork(String(repeating: "é", count: 17)), "34 bytes")
        try urls.addHomeNetwork(String(repeating: "é", count: 16))
        for number in 3..<ServerURLs.maximumHomeNetworks { try urls.addHomeNetwork("net \(number)") }
        XCTAssertThrowsError(try urls.addHomeNetwork("one too many")) { XCTAssertTrue("\($0)".contains("at most 16 home networks"), "\($0)") }
        XCTAssertTrue(urls.removeHomeNetwork("a"))
        XCTAssertFalse(urls.removeHomeNetwork("a"))
    }

    func testTheFileReadsBackAndBadFilesAreRefusedWithTheirFault() throws {
        XCTAssertNil(try ServerURLs.load(from: folder))
        let urls = try ServerURLs(internalURL: internalURL, externalURL: externalURL, homeNetworks: ["Home"])
        try urls.save(to: folder)
        XCTAssertEqual(try ServerURLs.load(from: folder), urls)
        let file = folder.appendingPathComponent("urls.json")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)
        let whole = try Data(contentsOf: file)
        let cases: [(Data, String)] = [
            (whole.prefix(whole.count / 2), "truncated"),
            (Data(#"{"internal_url": "ftp://x", "home_networks": []}"#.utf8), "not an http(s) URL"),
            (Data(#"{"home_networks": ["\#(String(repeating: "x", count: 33))"]}"#.utf8), "too long an SSID"),
            (Data(#"{"home_networks": [\#((0..<17).map { "\"n\($0)\"" }.joined(separator: ","))]}"#.utf8), "too many networks"),
            (Data(#"{"home_networks": "Home"}"#.utf8), "a string for a list"),
            (Data(repeating: 0x20, count: 17 << 10), "oversized"),
        ]
        for (content, fault) in cases {
            try content.write(to: file)
            XCTAssertThrowsError(try ServerURLs.load(from: folder), fault) { error in
                XCTAssertTrue("\(error)".contains("cannot read the server's URLs"), "\(fault): \(error)")
            }
        }
    }
}
