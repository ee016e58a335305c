import Essentials
@testable import PushRelay
import XCTest

/// The APNs request a payload becomes: a tag becomes the `apns-collapse-id` header, so it must
/// be short and hold nothing that would end the header.
final class APNsRequestTests: XCTestCase {
    private func payload(tag: String) -> JSONValue {
        .object(["type": .string("notification"), "body": .string("hi"), "collapse_id": .string(tag)])
    }

    func testATagBecomesTheCollapseID() throws {
        XCTAssertEqual(try APNsRequest(payload(tag: "washer")).collapseID, "washer")
    }

    func testATagWithALineBreakOrControlCharacterIsRefused() {
        for tag in ["washer\r\napns-priority: 10", "a\nb", "nul\u{0}", "del\u{7F}"] {
            XCTAssertThrowsError(try APNsRequest(payload(tag: tag)), tag.debugDescription) { error in
                XCTAssertEqual((error as? RelayRequestError)?.status, 400)
                XCTAssertTrue((error as? RelayRequestError)?.message.contains("control character") ?? false, "\(error)")
            }
        }
    }

    func testATagLongerThan64BytesIsRefused() {
        XCTAssertThrowsError(try APNsRequest(payload(tag: String(repeating: "é", count: 33))))
    }
}
