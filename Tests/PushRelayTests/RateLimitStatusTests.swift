import Essentials
import Foundation
import PushRelay
import XCTest

/// The counts written member by member for every delivery are the bytes the serializer writes.
final class RateLimitStatusTests: XCTestCase {
    func testTheWrittenObjectIsTheSerializedOne() throws {
        for status in [
            RateLimitStatus(successful: 0, errors: 0, maximum: 500, resetsAt: Date(timeIntervalSince1970: 86_400)),
            RateLimitStatus(successful: 499, errors: 7, maximum: 500, resetsAt: Date(timeIntervalSince1970: 1_800_000_000)),
            RateLimitStatus(successful: 900, errors: 900, maximum: 1000, resetsAt: Date(timeIntervalSince1970: 0)),
        ] {
            var object = JSONObjectWriter()
            status.write(into: &object)
            XCTAssertEqual(object.finished(), try JSONSerializer.data(status.json))
        }
    }
}
