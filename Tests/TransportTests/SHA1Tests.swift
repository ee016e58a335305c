@testable import Transport
import XCTest

final class SHA1Tests: XCTestCase {
    private func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }

    func testRFC3174AndFIPSVectors() {
        XCTAssertEqual(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(hex(String(repeating: "a", count: 1_000_000)), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    func testEveryLengthAroundTheBlockBoundaryPads() {
        // 55, 56 and 64 bytes are where the length field moves into a second block.
        XCTAssertEqual(hex(String(repeating: "a", count: 55)), "c1c8bbdc22796e28c0e15163d20899b65621d65a")
        XCTAssertEqual(hex(String(repeating: "a", count: 56)), "c2db330f6083854c99d4b5bfb6e8f29f201be699")
        XCTAssertEqual(hex(String(repeating: "a", count: 64)), "0098ba824b5c16427bd7a1122a5a442a25ec644d")
    }
}
