@testable import Transport
import XCTest

final class HTTPResponseParserTests: XCTestCase {
    private func parse(_ text: String, method: String = "GET", limit: Int = 1_000, byteByByte: Bool = false,
                       closed: Bool = false) throws -> HTTPResponse? {
        var parser = HTTPResponseParser(requestMethod: method, maximumBodySize: limit)
        let bytes = Array(text.utf8)
        if byteByByte {
            for index in bytes.indices {
                if let response = try parser.append(bytes[index...index]) {
                    XCTAssertEqual(index, bytes.count - 1, "complete before the last byte")
                    return response
                }
            }
        } else if let response = try parser.append(bytes[...]) {
            return response
        }
        return closed ? try parser.finish() : nil
    }

    private func assertFails(_ text: String, _ kind: HTTPClientError.Kind, containing words: String, limit: Int = 1_000,
                             closed: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text, limit: limit, closed: closed), file: file, line: line) { error in
            guard let error = error as? HTTPClientError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.kind, kind, error.message, file: file, line: line)
            XCTAssertTrue(error.message.contains(words), error.message, file: file, line: line)
        }
    }

    func testContentLengthAnswerWholeOrByteByByte() throws {
        let text = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\nX-A: 1\r\nx-a: 2\r\n\r\n{\"ok\":true}"
        for byteByByte in [false, true] {
            let response = try XCTUnwrap(parse(text, byteByByte: byteByByte))
            XCTAssertEqual(response.status, 201)
            XCTAssertEqual(response.headers["content-type"], "application/json")
            XCTAssertEqual(response.headers["x-a"], "1, 2")
            XCTAssertEqual(response.bodyText(), "{\"ok\":true}")
        }
    }

    func testChunkedWithExtensionsAndTrailers() throws {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=x\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\n"
        for byteByByte in [false, true] {
            XCTAssertEqual(try XCTUnwrap(parse(text, byteByByte: byteByByte)).bodyText(), "Wikipedia in\r\n\r\nchunks.")
        }
    }

    func testBodyUntilCloseEndsWithTheConnection() throws {
        let text = "HTTP/1.0 200 OK\r\n\r\nall of it"
        XCTAssertNil(try parse(text))
        XCTAssertEqual(try XCTUnwrap(parse(text, closed: true)).bodyText(), "all of it")
    }

    func testInterimAnswersAreSkippedAndSomeAnswersHaveNoBody() throws {
        let text = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\nContent-Length: 99\r\n\r\n"
        let response = try XCTUnwrap(parse(text))
        XCTAssertEqual(response.status, 204)
        XCTAssertEqual(response.body, [])
        XCTAssertEqual(try XCTUnwrap(parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", method: "HEAD")).body, [])
    }

    func testTruncatedAnswersSayWhatWasCutOff() {
        assertFails("", .closed, containing: "without answering", closed: true)
        assertFails("HTTP/1.1 200 OK\r\nContent-Le", .closed, containing: "middle of the answer's head", closed: true)
        assertFails("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", .closed, containing: "after 3 of its 10 bytes", closed: true)
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", .closed, containing: "before its last chunk", closed: true)
    }

    func testOversizedAnswersAreRefusedBeforeTheyAreRead() {
        assertFails("HTTP/1.1 200 OK\r\nContent-Length: 1001\r\n\r\n", .tooLarge, containing: "announces 1001 bytes")
        assertFails("HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 1_001), .tooLarge, containing: "exceeds 1000")
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3E9\r\n", .tooLarge, containing: "exceeds 1000")
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1F4\r\n" + String(repeating: "x", count: 500) + "\r\n1F5\r\n",
            .tooLarge, containing: "exceeds 1000")
        assertFails("HTTP/1.1 200 OK\r\nX: " + String(repeating: "x", count: 17_000), .tooLarge, containing: "head exceeds 16384")
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: "0", count: 1_100), .malformedResponse,
            containing: "chunk size line exceeds")
    }

    /// Found by `tools/fuzz http-response` (FUZZING.md): a body read until the close that went
    /// over the limit was refused by `append`, but `finish` still handed it over whole.
    func testABodyRefusedAsTooLargeIsNotHandedOverWhenTheConnectionCloses() throws {
        var parser = HTTPResponseParser(requestMethod: "GET", maximumBodySize: 10)
        XCTAssertNil(try parser.append(Array("HTTP/1.0 200 OK\r\n\r\n12345678".utf8)[...]))
        XCTAssertThrowsError(try parser.append(Array("9abcdefgh".utf8)[...]))
        XCTAssertThrowsError(try parser.finish()) { error in
            XCTAssertEqual((error as? HTTPClientError)?.kind, .tooLarge, "\(error)")
        }
    }

    func testMalformedAnswersAreNamed() {
        assertFails("SSH-2.0-OpenSSH\r\n\r\n", .malformedResponse, containing: "HTTP/1.x status line")
        assertFails("HTTP/2 200\r\n\r\n", .malformedResponse, containing: "HTTP/1.x status line")
        assertFails("HTTP/1.1 2000 OK\r\n\r\n", .malformedResponse, containing: "three-digit")
        assertFails("HTTP/1.1 20x OK\r\n\r\n", .malformedResponse, containing: "three-digit")
        assertFails("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", .malformedResponse, containing: "malformed header line")
        assertFails("HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", .malformedResponse, containing: "malformed header line")
        assertFails("HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\n", .malformedResponse, containing: "not one number")
        assertFails("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n", .malformedResponse, containing: "not one number")
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", .malformedResponse, containing: "not asked for")
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .malformedResponse, containing: "not a chunk size")
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\n", .malformedResponse, containing: "not a chunk size")
        assertFails("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", .malformedResponse, containing: "longer than its size")
    }

    func testRepeatedEqualContentLengthsAreOneLength() throws {
        XCTAssertEqual(try XCTUnwrap(parse("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok")).bodyText(), "ok")
    }
}
