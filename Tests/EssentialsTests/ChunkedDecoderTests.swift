import Essentials
import XCTest

/// The chunked framing both HTTP ends read: body runs handed out in place, the cursor left just
/// past the body, the same outcome however the bytes are split; truncated, oversized and
/// malformed framing refused by kind.
final class ChunkedDecoderTests: XCTestCase {
    /// Feeds `text` in pieces of `piece` bytes (all at once when nil) into a buffer the way a
    /// connection does; the body, whether it completed, and what was left after it.
    private func decode(_ text: String, piece: Int? = nil, limit: Int = 1 << 20, trailers: Int = 16 << 10) throws
        -> (body: String, complete: Bool, rest: String) {
        var decoder = ChunkedDecoder(maximumBodySize: limit, maximumTrailerSize: trailers)
        let bytes = Array(text.utf8)
        var buffer: [UInt8] = []
        var cursor = 0
        var body: [UInt8] = []
        var offset = 0
        while offset < bytes.count && !decoder.isComplete {
            let end = min(bytes.count, offset + (piece ?? bytes.count))
            buffer += bytes[offset..<end]
            offset = end
            while let run = try decoder.next(in: buffer, at: &cursor) { body += buffer[run] }
        }
        buffer += bytes[offset...]
        return (String(decoding: body, as: UTF8.self), decoder.isComplete, String(decoding: buffer[cursor...], as: UTF8.self))
    }

    private func assertRefused(_ text: String, _ kind: ChunkedDecodingError.Kind, limit: Int = 1 << 20, file: StaticString = #filePath, line: UInt = #line) {
        for piece in [nil, 1, 7] as [Int?] {
            XCTAssertThrowsError(try decode(text, piece: piece, limit: limit), file: file, line: line) { error in
                XCTAssertEqual((error as? ChunkedDecodingError)?.kind, kind, "pieces of \(piece.map(String.init) ?? "all")", file: file, line: line)
            }
        }
    }

    func testChunksExtensionsAndTrailersLeaveTheBodyAndWhatFollowsIt() throws {
        let text = "4;name=x\r\nWiki\r\n5 \r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\nGET /next HTTP/1.1\r\n"
        for piece in [nil, 1, 2, 3, 5, 64] as [Int?] {
            let (body, complete, rest) = try decode(text, piece: piece)
            XCTAssertEqual(body, "Wikipedia in\r\n\r\nchunks.")
            XCTAssertTrue(complete)
            XCTAssertEqual(rest, "GET /next HTTP/1.1\r\n", "the next request stays where it was")
        }
    }

    func testBareLineFeedsAndUpperCaseDigits() throws {
        let (body, complete, _) = try decode("A\nabcdefghij\n0\n\n")
        XCTAssertEqual(body, "abcdefghij")
        XCTAssertTrue(complete)
    }

    func testTruncatedBodiesWaitForMore() throws {
        for text in ["", "5", "5\r", "5\r\nhel", "5\r\nhello", "5\r\nhello\r", "5\r\nhello\r\n0\r\n", "5\r\nhello\r\n0\r\nX: 1\r\n"] {
            let (_, complete, _) = try decode(text)
            XCTAssertFalse(complete, text)
        }
    }

    func testOversizedFramingIsRefusedOnceItHasArrived() throws {
        assertRefused("401\r\n", .bodyTooLarge, limit: 1_024)
        assertRefused("200\r\n\(String(repeating: "a", count: 512))\r\n201\r\n", .bodyTooLarge, limit: 1_024)
        assertRefused(String(repeating: "0", count: 1_100), .sizeLineTooLong)
        assertRefused("1;" + String(repeating: "x", count: 1_100) + "\r\n", .sizeLineTooLong)
        XCTAssertFalse(try decode("1;" + String(repeating: "x", count: 1_000)).complete, "a long line not yet too long waits")
        XCTAssertThrowsError(try decode("0\r\n" + String(repeating: "X: 1\r\n", count: 20), trailers: 100)) { error in
            XCTAssertEqual((error as? ChunkedDecodingError)?.kind, .trailersTooLarge)
        }
        XCTAssertTrue(try decode("0\r\n" + String(repeating: "X: 1\r\n", count: 10) + "\r\n", trailers: 100).complete)
    }

    func testTheSizeLinesOfManySmallChunksAreBoundedTogether() throws {
        // 1-byte chunks with long extensions: each line is short enough, the body tiny, and yet
        // the wire bytes would be unbounded without a budget for all the lines together.
        let chunk = "1;" + String(repeating: "e", count: 1_000) + "\r\na\r\n"
        assertRefused(String(repeating: chunk, count: 17), .framingTooLarge)
        let (body, _, _) = try decode(String(repeating: chunk, count: 16))
        XCTAssertEqual(body.count, 16, "16 such lines (16,048 bytes) are within the 16 KiB budget")
        var unbounded = ChunkedDecoder(maximumBodySize: 1 << 20, maximumFramingSize: .max)
        let many = Array(String(repeating: chunk, count: 100).utf8)
        var cursor = 0, decoded = 0
        while let run = try unbounded.next(in: many, at: &cursor) { decoded += run.count }
        XCTAssertEqual(decoded, 100, "a caller that keeps no framing may lift the budget")
    }

    func testATrailerLineThatIsNotAFieldIsRefused() throws {
        for trailer in ["Hoty", "0", ": no name", "Bad Name: 1", "X: a\u{01}b"] {
            assertRefused("0\r\n\(trailer)\r\n\r\n", .malformedTrailer)
        }
        XCTAssertTrue(try decode("0\r\nExpires: never\r\nX-Empty:\r\n\r\n").complete)
    }

    func testMalformedFramingIsRefused() {
        assertRefused("zz\r\n", .notASize)
        assertRefused("-5\r\n", .notASize)
        assertRefused("+5\r\n", .notASize)
        assertRefused("1 0\r\n", .notASize)
        assertRefused(";ext\r\n", .notASize)
        assertRefused("\r\n", .notASize)
        assertRefused(String(repeating: "f", count: 16) + "\r\n", .notASize)
        assertRefused("2\r\nabc\r\n", .chunkOverrun)
        assertRefused("2\r\nab\rx", .chunkOverrun)
    }
}
