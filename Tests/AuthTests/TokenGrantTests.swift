import Essentials
import Foundation
import XCTest
@testable import Auth

/// The token endpoint's answers, and redaction of what it hands out.
final class TokenGrantTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_000)

    func testReadsTokensAndExpiry() throws {
        let grant = try TokenGrant(json: try JSONParser.parse(#"{"access_token":"A.B.C","token_type":"Bearer","expires_in":1800,"refresh_token":"R"}"#), now: now)
        XCTAssertEqual(grant.accessToken.secret, "A.B.C")
        XCTAssertEqual(grant.refreshToken, "R")
        XCTAssertEqual(grant.expiresAt, now.addingTimeInterval(1800))
        XCTAssertFalse("\(grant)".contains("A.B.C"))
        XCTAssertFalse("\(grant)".contains("\"R\""))
    }

    func testMissingOrWrongFieldsAreRefused() {
        for json in [#"{"expires_in":1800}"#, #"{"access_token":"A","expires_in":"soon"}"#, #"{"access_token":"","expires_in":1}"#, "[]"] {
            XCTAssertThrowsError(try TokenGrant(json: try JSONParser.parse(json), now: now), json) { error in
                guard case .invalidResponse? = error as? AuthError else { return XCTFail("\(error)") }
            }
        }
    }
}
