import Agent
import Essentials
import Foundation
import XCTest

/// The webhook cipher: round trips with hex and legacy keys, and bad input refused clearly.
final class WebhookCipherTests: XCTestCase {
    private let secret = String(repeating: "0123456789abcdef", count: 4)

    func testSealsAndOpensWithTheHexKey() throws {
        let cipher = try WebhookCipher(secret: secret)
        let value: JSONValue = .object(["type": .string("get_config"), "n": .integer(42), "ratio": .double(1.5)])
        let sealed = try cipher.seal(value)
        XCTAssertNotEqual(try cipher.seal(value), sealed, "a fresh nonce every time")
        XCTAssertEqual(try cipher.open(sealed), value)
    }

    func testOpensWhatTheLegacyKeySealed() throws {
        // An older server's answer: the key is the secret's first 32 characters as bytes.
        let legacy = try WebhookCipher(secret: String(secret.prefix(32)))
        let sealed = try legacy.seal(.object(["ok": .bool(true)]))
        XCTAssertEqual(try WebhookCipher(secret: secret).open(sealed), .object(["ok": .bool(true)]))
    }

    func testTamperedTruncatedAndMalformedDataAreRefused() throws {
        let cipher = try WebhookCipher(secret: secret)
        var bytes = try XCTUnwrap(Data(base64Encoded: try cipher.seal(.object([:]))))
        bytes[bytes.count - 1] ^= 1
        XCTAssertThrowsError(try cipher.open(bytes.base64EncodedString())) { XCTAssertEqual($0 as? WebhookCipherError, .cannotDecrypt) }
        XCTAssertThrowsError(try cipher.open(Data(bytes.prefix(20)).base64EncodedString())) { XCTAssertEqual($0 as? WebhookCipherError, .malformed) }
        XCTAssertThrowsError(try cipher.open("not base64!")) { XCTAssertEqual($0 as? WebhookCipherError, .malformed) }
        let other = try WebhookCipher(secret: String(repeating: "f", count: 64))
        XCTAssertThrowsError(try other.open(try cipher.seal(.null))) { XCTAssertEqual($0 as? WebhookCipherError, .cannotDecrypt) }
        XCTAssertThrowsError(try WebhookCipher(secret: "")) { XCTAssertEqual($0 as? WebhookCipherError, .invalidSecret) }
    }
}
