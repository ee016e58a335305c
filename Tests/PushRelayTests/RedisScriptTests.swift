@testable import PushRelay
import XCTest

/// A script is named by the SHA-1 Redis gives it, so `EVALSHA` finds what `EVAL` stored.
final class RedisScriptTests: XCTestCase {
    func testTheHashIsRedisSHA1OfTheText() {
        // As `SCRIPT LOAD "return 1"` answers (and Python's hashlib.sha1).
        XCTAssertEqual(RedisScript("return 1").sha1, "e0e1f9fabfc9d4800c877a703b823ac0578ff8db")
        XCTAssertEqual(RedisScript("return \"é\"").sha1, "3cf71d276cb9832cebc56895d377282f6a326756", "UTF-8 bytes hashed")
        let script = RedisScript("return KEYS[1]")
        XCTAssertEqual(script.byHash(keys: ["k"], arguments: ["a", "b"]), ["EVALSHA", script.sha1, "1", "k", "a", "b"])
        XCTAssertEqual(script.byText(keys: [], arguments: ["a"]), ["EVAL", "return KEYS[1]", "0", "a"])
    }
}
