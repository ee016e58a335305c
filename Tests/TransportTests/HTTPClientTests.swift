import Foundation
import LoopbackTestSupport
import Transport
import XCTest

/// The HTTP client against a loopback server that answers exactly as scripted.
final class HTTPClientTests: XCTestCase {
    private func url(_ server: CannedHTTPServer, _ path: String = "/api/x?a=b%20c") -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(path)")!
    }

    private func expectFailure(_ kind: HTTPClientError.Kind, containing words: String, client: HTTPClient = HTTPClient(),
                               _ request: HTTPRequest, limit: Int = 1 << 20, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let response = try await client.send(request, maximumBodySize: limit)
            XCTFail("answered \(response.status)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind, kind, error.message, file: file, line: line)
            XCTAssertTrue(error.message.contains(words), error.message, file: file, line: line)
        }
    }

    func testSendsAWellFormedRequestAndReadsASplitChunkedAnswer() async throws {
        let server = try CannedHTTPServer(steps: [
            .send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel"), .pause(0.05), .send("lo\r\n6\r\n world\r\n0\r\n\r\n"),
        ], closesAfterAnswer: false)
        defer { server.stop() }
        let request = HTTPRequest("POST", url(server), json: Array("{\"x\":1}".utf8), headers: [("Authorization", "Bearer t")])
        let response = try await HTTPClient().send(request, maximumBodySize: 100)
        XCTAssertEqual(response.bodyText(), "hello world")
        let received = try XCTUnwrap(server.requests.first)
        XCTAssertTrue(received.hasPrefix("POST /api/x?a=b%20c HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"), received)
        for header in ["Authorization: Bearer t", "Content-Type: application/json", "Content-Length: 7", "Connection: close"] {
            XCTAssertTrue(received.contains("\r\n\(header)\r\n"), "\(header) missing in \(received)")
        }
        XCTAssertTrue(received.hasSuffix("\r\n\r\n{\"x\":1}"), received)
    }

    func testAnAnswerThatNeverEndsTimesOut() async throws {
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")], closesAfterAnswer: false)
        defer { server.stop() }
        await expectFailure(.timedOut, containing: "did not answer within 0.5 seconds", client: HTTPClient(timeout: 0.5),
            HTTPRequest("GET", url(server)))
    }

    func testATruncatedAnswerIsAnError() async throws {
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")])
        defer { server.stop() }
        await expectFailure(.closed, containing: "after 3 of its 10 bytes", HTTPRequest("GET", url(server)))
    }

    func testAnOversizedAnswerIsRefused() async throws {
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 200 OK\r\n\r\n"), .sendBytes(Array(repeating: 120, count: 5_000))])
        defer { server.stop() }
        await expectFailure(.tooLarge, containing: "exceeds 4096 bytes", HTTPRequest("GET", url(server)), limit: 4_096)
    }

    func testAServerThatIsNotHTTPIsNamed() async throws {
        let server = try CannedHTTPServer(steps: [.send("SSH-2.0-OpenSSH_9.2\r\n\r\n")])
        defer { server.stop() }
        await expectFailure(.malformedResponse, containing: "status line", HTTPRequest("GET", url(server)))
    }

    func testNobodyListeningIsAConnectionFailure() async throws {
        let server = try CannedHTTPServer(steps: [])
        let port = server.port
        server.stop()
        await expectFailure(.connectionFailed, containing: "cannot connect to 127.0.0.1:\(port)",
            HTTPRequest("GET", URL(string: "http://127.0.0.1:\(port)/")!))
    }

    func testRequestsThatCannotBeSentAreRefusedBeforeConnecting() async {
        await expectFailure(.invalidRequest, containing: "not an http:// or https:// URL", HTTPRequest("GET", URL(string: "ftp://x/")!))
        await expectFailure(.invalidRequest, containing: "cannot be sent",
            HTTPRequest("GET", URL(string: "http://127.0.0.1:1/")!, headers: [("X-Evil", "a\r\nInjected: yes")]))
        await expectFailure(.invalidRequest, containing: "not an HTTP method", HTTPRequest("get me", URL(string: "http://127.0.0.1:1/")!))
    }
}
