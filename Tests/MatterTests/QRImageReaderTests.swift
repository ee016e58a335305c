import Matter
import XCTest

/// Pictures that hold no setup code, are not PNG, or are too large are refused with the reason;
/// (a photo's QR code read back is in MatterCommissioningTests, drawn by tools/qr-picture.py).
final class QRImageReaderTests: XCTestCase {
    func testAPictureWithoutACodeTruncatedOrNotAPNGIsRefused() throws {
        let blank = Self.greyPNG(width: 64, height: 64) { _, _ in 230 }
        XCTAssertEqual(try QRImageReader.codes(inPNG: blank), [])
        for (bytes, what) in [(Array(blank.prefix(blank.count / 2)), "truncated"), (Array("not a picture".utf8), "text"), ([], "empty")] {
            XCTAssertThrowsError(try QRImageReader.codes(inPNG: bytes), what) { error in
                guard case .notAPicture = error as? QRImageError else { return XCTFail("\(what): \(error)") }
            }
        }
    }

    func testAPictureTooLargeIsRefusedBeforeItsPixelsAreRead() {
        // Only its header: 20000 × 20000 pixels would be 400 MB of grey.
        let header = Self.greyPNG(width: 20_000, height: 20_000, pixels: nil)
        XCTAssertThrowsError(try QRImageReader.codes(inPNG: header)) { XCTAssertEqual($0 as? QRImageError, .tooLarge("20000×20000 pixels; at most 48000000 are read")) }
        XCTAssertThrowsError(try QRImageReader.codes(inPNG: [UInt8](repeating: 0, count: QRImageReader.maximumFileSize + 1))) { error in
            guard case .tooLarge = error as? QRImageError else { return XCTFail("\(error)") }
        }
    }

    /// An 8-bit grey PNG, its pixels from `pixel` in stored (uncompressed) deflate blocks; with
    /// nil, a PNG whose pixels are never there.
    private static func greyPNG(width: Int, height: Int, pixels pixel: ((Int, Int) -> UInt8)?) -> [UInt8] {
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        if let pixel {
            var raw: [UInt8] = []
            for y in 0..<height { raw += [0] + (0..<width).map { pixel($0, y) } }
            var deflated: [UInt8] = [0x78, 0x01]
            var index = 0
            repeat {
                let count = min(65_535, raw.count - index)
                let last: UInt8 = index + count == raw.count ? 1 : 0
                deflated += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)] + raw[index..<index + count]
                index += count
            } while index < raw.count
            deflated += bigEndian(adler32(raw))
            png += chunk("IDAT", deflated)
        } else {
            // The start of a stream libpng never gets to: it stops at the first IDAT to say the size.
            png += chunk("IDAT", [0x78, 0x01])
        }
        return png + chunk("IEND", [])
    }

    private static func greyPNG(width: Int, height: Int, _ pixel: @escaping (Int, Int) -> UInt8) -> [UInt8] {
        greyPNG(width: width, height: height, pixels: pixel)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
