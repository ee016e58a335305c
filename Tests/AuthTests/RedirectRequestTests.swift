import Auth
import XCTest

/// The loopback listener's request parser: good, truncated, oversized and malformed heads.
final class RedirectRequestTests: XCTestCase {
    private func parse(_ text: String) throws(RedirectRequestError) -> RedirectRequest {
        try RedirectRequest(parsing: Array(text.utf8))
    }

    func testReadsPathAndDecodedQuery() throws {
        let request = try parse("GET /auth/callback?code=ab%2Fc&state=x+y&state=second HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nbody")
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/auth/callback")
        XCTAssertEqual(request.query["code"], "ab/c")
        XCTAssertEqual(request.query["state"], "x+y", "the first of repeated keys wins, + stays literal")
    }

    func testTruncatedHeadIsTruncated() {
        XCTAssertThrowsError(try parse("GET /auth/callback?code=1 HTTP/1.1\r\nHost: x\r\n")) { error in
            XCTAssertEqual(error as? RedirectRequestError, .truncated)
        }
        XCTAssertThrowsError(try parse("")) { XCTAssertEqual($0 as? RedirectRequestError, .truncated) }
    }

    func testOversizedHeadIsRefused() {
        let long = "GET /?" + String(repeating: "a", count: RedirectRequest.maximumHeadSize) + " HTTP/1.1\r\n\r\n"
        XCTAssertThrowsError(try parse(long)) { XCTAssertEqual($0 as? RedirectRequestError, .tooLarge) }
        let endless = String(repeating: "a", count: RedirectRequest.maximumHeadSize + 10)
        XCTAssertThrowsError(try parse(endless)) { XCTAssertEqual($0 as? RedirectRequestError, .tooLarge) }
    }

    func testMalformedRequestLines() {
        for head in [
            "GET /a\r\n\r\n", "get /a HTTP/1.1\r\n\r\n", "GET a HTTP/1.1\r\n\r\n", "GET /a HTTP/2\r\n\r\n",
            "GET  /a HTTP/1.1\r\n\r\n", "GET http://evil/a HTTP/1.1\r\n\r\n",
        ] {
            XCTAssertThrowsError(try parse(head), head) { error in
                guard case .malformed? = error as? RedirectRequestError else { return XCTFail("\(error) for \(head)") }
            }
        }
        XCTAssertThrowsError(try RedirectRequest(parsing: [0x47, 0xFF, 0x20, 0x2F, 13, 10, 13, 10])) { error in
            XCTAssertEqual(error as? RedirectRequestError, .malformed("the head is not UTF-8"))
        }
    }
}
