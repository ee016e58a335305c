@testable import Transport
import XCTest

final class WebSocketFrameDecoderTests: XCTestCase {
    private func decoder(limit: Int = 1_000, compression: Bool = false) -> WebSocketFrameDecoder {
        WebSocketFrameDecoder(maximumFrameSize: limit, compressionNegotiated: compression)
    }

    private func failure(_ bytes: [UInt8], limit: Int = 1_000) -> WebSocketError? {
        var decoder = decoder(limit: limit)
        do {
            _ = try decoder.feed(bytes)
            return nil
        } catch {
            return error
        }
    }

    func testDecodesFramesSplitAcrossReads() throws {
        var decoder = decoder(limit: 100_000)
        let long = [UInt8](repeating: 7, count: 70_000)
        let bytes: [UInt8] = [0x81, 0x02, 0x68, 0x69] + [0x82, 0x7F] + (0..<8).reversed().map { UInt8((70_000 >> ($0 * 8)) & 0xFF) } + long
        var frames: [WebSocketFrame] = []
        for start in stride(from: 0, to: bytes.count, by: 999) {
            frames += try decoder.feed(bytes[start..<min(bytes.count, start + 999)])
        }
        XCTAssertEqual(frames, [WebSocketFrame(opcode: .text, payload: Array("hi".utf8)), WebSocketFrame(opcode: .binary, payload: long)])
    }

    /// A binary frame with a 64-bit length (the form of every large frame here).
    private func largeFrame(_ payload: [UInt8], fin: Bool = true, opcode: UInt8 = 0x2) -> [UInt8] {
        [(fin ? 0x80 : 0) | opcode, 0x7F] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) } + payload
    }

    func testLargeFramesAmongSmallOnesComeOutWholeHoweverTheReadsFall() throws {
        let first = (0..<200_000).map { UInt8($0 % 251) }, second = (0..<70_001).map { UInt8($0 % 13) }
        let small: [UInt8] = [0x81, 0x02, 0x68, 0x69]
        let bytes = small + largeFrame(first) + largeFrame(second) + small
        let expected = [
            WebSocketFrame(opcode: .text, payload: Array("hi".utf8)), WebSocketFrame(opcode: .binary, payload: first),
            WebSocketFrame(opcode: .binary, payload: second), WebSocketFrame(opcode: .text, payload: Array("hi".utf8)),
        ]
        for readSize in [1_000, 65_536, 70_011, 131_072, bytes.count] {
            var decoder = decoder(limit: 1 << 20)
            var frames: [WebSocketFrame] = []
            for start in stride(from: 0, to: bytes.count, by: readSize) {
                frames += try decoder.feed(bytes[start..<min(bytes.count, start + readSize)])
            }
            XCTAssertEqual(frames, expected, "reads of \(readSize) bytes")
        }
    }

    func testATruncatedLargeFrameWaitsAndAnOversizedOneIsRefusedBeforeItsBody() throws {
        var decoder = decoder(limit: 100_000)
        let frame = largeFrame([UInt8](repeating: 9, count: 90_000))
        XCTAssertEqual(try decoder.feed(frame.dropLast()), [], "one byte short")
        XCTAssertEqual(try decoder.feed(frame.suffix(1)).map(\.payload.count), [90_000])
        XCTAssertEqual(failure(Array(largeFrame([UInt8](repeating: 1, count: 100_001)).prefix(10)), limit: 100_000)?.closeCode, 1009)
    }

    func testAMessageOfOneLargeFrameAndOneOfSeveralFramesAreAssembledAlike() throws {
        let payload = [UInt8](repeating: 0x61, count: 150_000)
        var assembler = MessageAssembler(maximumMessageSize: 1 << 20, inflater: nil)
        XCTAssertEqual(try assembler.add(WebSocketFrame(opcode: .text, payload: payload))?.message(), .text(String(repeating: "a", count: 150_000)))
        XCTAssertNil(try assembler.add(WebSocketFrame(fin: false, opcode: .text, payload: Array(payload.prefix(100_000)))))
        XCTAssertEqual(try assembler.add(WebSocketFrame(opcode: .continuation, payload: Array(payload.suffix(50_000))))?.message(),
                       .text(String(repeating: "a", count: 150_000)))
    }

    func testTruncatedInputWaitsForMore() throws {
        var decoder = decoder()
        XCTAssertEqual(try decoder.feed([0x81]), [])
        XCTAssertEqual(try decoder.feed([0x7E, 0x00]), [])
        XCTAssertEqual(try decoder.feed([0x7E] + [UInt8](repeating: 1, count: 125)), [])
        XCTAssertEqual(try decoder.feed([1]).count, 1)
    }

    func testMalformedFramesAreProtocolErrors() {
        let cases: [[UInt8]] = [
            [0x83, 0x00], [0xA1, 0x00], [0xC1, 0x00], [0x81, 0x80, 1, 2, 3, 4], [0x09, 0x00], [0x89, 0x7E, 0x00, 0x7E],
            [0x81, 0x7E, 0x00, 0x05], [0x82, 0x7F, 0, 0, 0, 0, 0, 0, 0x01, 0x00], [0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0],
        ]
        for bytes in cases {
            XCTAssertEqual(failure(bytes)?.closeCode, 1002, "\(bytes)")
        }
    }

    func testOversizedFramesAre1009() {
        XCTAssertEqual(failure([0x82, 0x7E, 0x04, 0x00], limit: 1_000)?.closeCode, 1009)
        XCTAssertEqual(failure([0x82, 0x7F, 0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF], limit: 1_000)?.closeCode, 1009)
    }

    func testAssemblerEnforcesFragmentationRulesAndUTF8() throws {
        var assembler = MessageAssembler(maximumMessageSize: 10, inflater: nil)
        XCTAssertNil(try assembler.add(WebSocketFrame(fin: false, opcode: .text, payload: Array("he".utf8))))
        XCTAssertThrowsError(try assembler.add(WebSocketFrame(opcode: .text, payload: []))) { error in
            XCTAssertEqual((error as? WebSocketError)?.closeCode, 1002)
        }
        var fresh = MessageAssembler(maximumMessageSize: 10, inflater: nil)
        XCTAssertThrowsError(try fresh.add(WebSocketFrame(opcode: .continuation, payload: []))) { error in
            XCTAssertEqual((error as? WebSocketError)?.closeCode, 1002)
        }
        XCTAssertThrowsError(try fresh.add(WebSocketFrame(opcode: .text, payload: [0xC3, 0x28]))?.message()) { error in
            XCTAssertEqual((error as? WebSocketError)?.closeCode, 1007)
        }
        var small = MessageAssembler(maximumMessageSize: 4, inflater: nil)
        XCTAssertNil(try small.add(WebSocketFrame(fin: false, opcode: .binary, payload: [1, 2, 3])))
        XCTAssertThrowsError(try small.add(WebSocketFrame(opcode: .continuation, payload: [4, 5]))) { error in
            XCTAssertEqual((error as? WebSocketError)?.closeCode, 1009)
        }
    }

    func testInflaterRefusesGarbageAndBombs() throws {
        XCTAssertThrowsError(try DeflateInflater().inflate([0xFF, 0xFF, 0xFF, 0xFF], limit: 100)) { error in
            XCTAssertEqual((error as? WebSocketError)?.closeCode, 1007)
        }
        // 'a' * 100000 compressed by zlib's raw deflate, trailing 00 00 ff ff removed.
        let bomb = try XCTUnwrap(Data(base64Encoded: "7MExAQAAAMKgrOtfwhoeQAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACvBg=="))
        XCTAssertThrowsError(try DeflateInflater().inflate([UInt8](bomb), limit: 1_000)) { error in
            XCTAssertEqual((error as? WebSocketError)?.closeCode, 1009)
        }
    }

    func testAMessageEndedWithAFinalBlockDoesNotStopTheNext() throws {
        // Two messages, each a whole raw DEFLATE stream ending in a final block (BFINAL=1).
        let inflater = DeflateInflater()
        XCTAssertEqual(try inflater.inflate([203, 72, 205, 201, 201, 87, 200, 64, 144, 0], limit: 100), Array("hello hello hello".utf8))
        let second: [UInt8] = [43, 207, 47, 202, 73, 81, 72, 76, 43, 73, 45, 82, 72, 84, 72, 203, 204, 75, 204, 81, 72, 202, 201, 79, 206, 6, 0]
        XCTAssertEqual(try inflater.inflate(second, limit: 100), Array("world after a final block".utf8))
        let resetting = DeflateInflater(resetsAfterEachMessage: true)
        XCTAssertEqual(try resetting.inflate(second, limit: 100), Array("world after a final block".utf8))
        XCTAssertEqual(try resetting.inflate(second, limit: 100), Array("world after a final block".utf8))
    }

    func testCloseFramesAreChecked() throws {
        XCTAssertEqual(try WebSocketClient.parseClose([0x03, 0xE8, 0x6F, 0x6B]).0, 1000)
        for code: UInt16 in [1012, 1013, 1014, 3000, 4999] {
            XCTAssertEqual(try WebSocketClient.parseClose([UInt8(code >> 8), UInt8(code & 0xFF)]).0, code, "\(code) is registered")
        }
        for code: UInt16 in [1004, 1005, 1006, 1015, 1016, 2999, 5000] {
            XCTAssertThrowsError(try WebSocketClient.parseClose([UInt8(code >> 8), UInt8(code & 0xFF)]), "\(code) may not be sent")
        }
        XCTAssertEqual(try WebSocketClient.parseClose([]).0, nil)
        for payload: [UInt8] in [[0x03], [0x03, 0xED], [0x03, 0xEE], [0x00, 0x00], [0x03, 0xE8, 0xC3, 0x28]] {
            XCTAssertThrowsError(try WebSocketClient.parseClose(payload), "\(payload)")
        }
    }

    func testClientFramesAreMasked() {
        let bytes = WebSocketFrame(opcode: .text, payload: Array("abc".utf8)).encoded(maskKey: [1, 2, 3, 4])
        XCTAssertEqual(bytes, [0x81, 0x83, 1, 2, 3, 4, 0x61 ^ 1, 0x62 ^ 2, 0x63 ^ 3])
    }
}
