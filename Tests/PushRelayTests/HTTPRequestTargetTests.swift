@testable import PushRelay
import XCTest

final class HTTPRequestTargetTests: XCTestCase {
    func testThePathAndTheQueryArePercentDecodedAndTheFirstRepeatedArgumentKept() {
        let target = HTTPRequestTarget("/push/a%20b?push_token=a%2Bb+c&x=1&x=2&flag&empty=")
        XCTAssertEqual(target.path, "/push/a b")
        XCTAssertEqual(target.query, ["push_token": "a+b c", "x": "1", "flag": "", "empty": ""])
    }

    func testBrokenEscapesStayAsTheyAreAndAPlusInThePathIsAPlus() {
        let target = HTTPRequestTarget("/a+b%2?q=%zz%4")
        XCTAssertEqual(target.path, "/a+b%2")
        XCTAssertEqual(target.query, ["q": "%zz%4"])
    }

    func testBytesThatAreNotUTF8BecomeReplacementCharacters() {
        XCTAssertEqual(HTTPRequestTarget("/%FF").path, "/\u{FFFD}")
        XCTAssertEqual(HTTPRequestTarget("/plain").query, [:])
    }
}
