import Foundation
@testable import PushRelay
import XCTest

/// Base64url without padding: RFC 4648's vectors, the two characters it swaps, and agreement
/// with Foundation's base64 for every length up to 64.
final class Base64URLTests: XCTestCase {
    func testTheRFC4648Vectors() {
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (text, expected) in vectors {
            XCTAssertEqual(Base64URL.encoded(Array(text.utf8)), expected, text)
        }
    }

    func testPlusAndSlashBecomeMinusAndUnderscore() {
        XCTAssertEqual(Base64URL.encoded([0xFB, 0xFF]), "-_8")
        XCTAssertEqual(Base64URL.encoded([0xFF, 0xFF, 0xFF]), "____")
    }

    func testAgreesWithFoundationForEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            XCTAssertEqual(Base64URL.encoded(bytes), foundation, "\(bytes)")
        }
    }
}
