@testable import Transport
import XCTest

/// The reader's UTF-8 check agrees with the standard library's on every edge of the encoding
/// and on random bytes, so what the interceptor reads without a String is what a String accepts.
final class UTF8ValidationTests: XCTestCase {
    private func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(UTF8Validation.isValid)
    }

    func testTheEdgesOfTheEncoding() {
        let valid: [[UInt8]] = [
            [], Array("plain ASCII, longer than eight bytes".utf8), [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            Array("eight!!!é then more ASCII 😀".utf8),
        ]
        let invalid: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x7F], [0xC2, 0xC0], [0xE0, 0x9F, 0xBF], [0xE0, 0xA0],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xFE], [0xFF], [0xF0, 0x90, 0x80], [0xE1, 0x80, 0x41], Array("eight!!!".utf8) + [0xC3, 0x28],
            Array("a long run of ASCII that ends in a cut sequence".utf8) + [0xE2, 0x82],
        ]
        for bytes in valid { XCTAssertTrue(isValid(bytes), "\(bytes)") }
        for bytes in invalid { XCTAssertFalse(isValid(bytes), "\(bytes)") }
        for bytes in valid + invalid { XCTAssertEqual(isValid(bytes), String(validating: bytes, as: UTF8.self) != nil, "\(bytes)") }
    }

    func testAgreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50_000 {
            let count = Int.random(in: 0...24, using: &generator)
            // Mostly ASCII with high bytes mixed in, so both paths and every lead byte are met.
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? UInt8.random(in: 0x20...0x7E, using: &generator) : UInt8.random(in: 0x80...0xFF, using: &generator)
            }
            XCTAssertEqual(isValid(bytes), String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
        }
    }
}
