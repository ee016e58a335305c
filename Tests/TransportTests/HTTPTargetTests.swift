@testable import Transport
import XCTest

final class HTTPTargetTests: XCTestCase {
    func testTakesTheURLApartKeepingItsEncoding() throws {
        let target = try HTTPTarget(URL(string: "https://ha.example.com/api/states/a%2Fb?x=1%202")!)
        XCTAssertEqual([target.host, "\(target.port)", "\(target.secure)", target.requestPath],
            ["ha.example.com", "443", "true", "/api/states/a%2Fb?x=1%202"])
        XCTAssertEqual(target.hostHeader, "ha.example.com:443")
    }

    func testDefaultsAndIPv6() throws {
        let plain = try HTTPTarget(URL(string: "http://h")!)
        XCTAssertEqual([plain.host, "\(plain.port)", "\(plain.secure)", plain.requestPath], ["h", "80", "false", "/"])
        let v6 = try HTTPTarget(URL(string: "http://[::1]:8123/api")!)
        XCTAssertEqual(v6.host, "::1")
        XCTAssertEqual(v6.hostHeader, "[::1]:8123")
    }

    func testRefusesWhatIsNotAnHTTPURL() {
        for text in ["ws://h/", "file:///etc/passwd", "http:///path"] {
            XCTAssertThrowsError(try HTTPTarget(URL(string: text)!), text) { error in
                XCTAssertEqual((error as? HTTPClientError)?.kind, .invalidRequest, text)
            }
        }
    }
}
