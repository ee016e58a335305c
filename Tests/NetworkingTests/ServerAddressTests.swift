import Networking
import XCTest

final class ServerAddressTests: XCTestCase {
    func testNormalizesAndDerivesAPIURLs() throws {
        let address = try ServerAddress("HTTP://Example.local:8123/")
        XCTAssertEqual(address.description, "http://example.local:8123")
        XCTAssertEqual(address.websocketURL.absoluteString, "ws://example.local:8123/api/websocket")
        XCTAssertEqual(address.url(path: "api/states").absoluteString, "http://example.local:8123/api/states")
        XCTAssertFalse(address.isSecure)
    }

    func testSpacesAndLineEndsAroundTheAddressAreIgnored() throws {
        XCTAssertEqual(try ServerAddress(" \t http://ha.local:8123/ \r\n").description, "http://ha.local:8123")
        XCTAssertThrowsError(try ServerAddress(" \n\t "), "nothing but white space is no address")
        XCTAssertThrowsError(try ServerAddress("http://ha .local"), "white space inside is not trimmed")
    }

    func testSecureServersUseWSS() throws {
        let address = try ServerAddress("https://ha.example.com/prefix")
        XCTAssertTrue(address.isSecure)
        XCTAssertEqual(address.websocketURL.absoluteString, "wss://ha.example.com/prefix/api/websocket")
    }

    func testRejectsWhatIsNotAServerAddress() {
        let cases = [
            "": "is not a URL",
            "ftp://x": "uses ftp://",
            "http://": "has no host name",
            "http://user:pw@x": "may not hold a user name or password",
            "http://x/?a=1": "has a query or fragment",
            "http://x/#f": "has a query or fragment",
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ServerAddress(text), text) { error in
                XCTAssertTrue((error as? ServerAddressError)?.message.contains(expected) ?? false, "\(text): \(error)")
            }
        }
    }

    func testIPv6HostsKeepTheirBrackets() throws {
        let address = try ServerAddress("http://[::1]:8123")
        XCTAssertEqual(address.description, "http://[::1]:8123")
        XCTAssertEqual(address.websocketURL.absoluteString, "ws://[::1]:8123/api/websocket")
    }
}
