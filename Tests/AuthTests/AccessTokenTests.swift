import Auth
import XCTest

final class AccessTokenTests: XCTestCase {
    func testNeverPrintsItself() throws {
        let token = try XCTUnwrap(AccessToken("eyJsecret.value.sig"))
        XCTAssertEqual("\(token)", "AccessToken(<redacted>)")
        XCTAssertEqual(String(reflecting: token), "AccessToken(<redacted>)")
        var dumped = ""
        dump(token, to: &dumped)
        XCTAssertFalse(dumped.contains("secret"), dumped)
        XCTAssertEqual(token.authorizationHeader, "Bearer eyJsecret.value.sig")
    }

    func testRejectsEmptyAndWhitespace() {
        XCTAssertNil(AccessToken(""))
        XCTAssertNil(AccessToken("two words"))
        XCTAssertNil(AccessToken("line\n"))
    }
}
