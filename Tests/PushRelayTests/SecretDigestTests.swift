import Dispatch
import XCTest
@testable import PushRelay

/// The keys are stored: they must stay the first 128 bits of SHA-256, base64url, whatever the
/// implementation (the expected values come from Python's hashlib).
final class SecretDigestTests: XCTestCase {
    func testKeyIsTheTruncatedSHA256InBase64URL() {
        XCTAssertEqual(SecretDigest.key("abc"), "ungWv48Bz-pBQUDeXa4iIw")
        XCTAssertEqual(SecretDigest.key("hcp_0123456789abcdef0123456789abcdef"), "s581cay3ZwvxwqmR6vlbnA")
        XCTAssertEqual(SecretDigest.key("a\u{0}b"), "WbJxrhu8sdMdQZKYF_Sxbw", "a NUL is hashed, not an end")
        XCTAssertEqual(SecretDigest.key(""), "47DEQpj8HBSa-_TImW-5JA")
    }

    func testKeysFromManyThreadsAgree() {
        let keys = ManagedKeys()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in keys.insert(SecretDigest.key("hcp_0123456789abcdef0123456789abcdef")) }
        XCTAssertEqual(keys.all, ["s581cay3ZwvxwqmR6vlbnA"])
    }

    func testMatchesComparesWholeKeys() {
        XCTAssertTrue(SecretDigest.matches("ungWv48Bz-pBQUDeXa4iIw", "ungWv48Bz-pBQUDeXa4iIw"))
        XCTAssertFalse(SecretDigest.matches("ungWv48Bz-pBQUDeXa4iIw", "ungWv48Bz-pBQUDeXa4iIx"))
        XCTAssertFalse(SecretDigest.matches("ungWv48Bz-pBQUDeXa4iIw", "ungWv48Bz"))
    }
}
