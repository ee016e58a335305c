import Foundation
import LoopbackTestSupport
@testable import PushRelay
import XCTest

/// The relay's own HTTP server on real loopback sockets, with a handler of the test's.
final class HTTPServerTests: XCTestCase {
    private var server: HTTPServer?
    private let rejected = StatusLog()
    private let stream = EventStream()

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// `/fast` answers at once, `/slow` 0.2 s later from another thread, `/echo` its body,
    /// `/stream` with the test's event stream.
    private func start(maximumBodySize: Int = 64 << 10, threads: Int? = nil) throws -> Int {
        var options = HTTPServerOptions()
        options.port = 0
        options.maximumBodySize = maximumBodySize
        options.threads = threads
        let stream = stream, rejected = rejected
        let server = try HTTPServer(options: options, rejected: { rejected.append($0) }) { request in
            switch request.path {
            case "/slow":
                let deferred = DeferredReply()
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { deferred.complete { .text(200, "slow") } }
                return .deferred(deferred)
            case "/echo": return .full(status: 200, contentType: "text/plain", body: request.body)
            case "/stream": return .stream(stream)
            case "/thread": return .text(200, "thread \(pthread_self()) end")
            default: return .text(200, "fast")
            }
        }
        self.server = server
        return server.port
    }

    func testPipelinedRequestsAreAnsweredInOrderWhenTheFirstWaitsForAnotherThread() throws {
        let connection = try RawConnection(port: try start())
        connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        let answers = connection.read(until: "fast", timeout: 5)
        let slow = try XCTUnwrap(answers.range(of: "slow")), fast = try XCTUnwrap(answers.range(of: "fast"))
        XCTAssertLessThan(slow.lowerBound, fast.lowerBound, answers)
        XCTAssertTrue(answers.hasPrefix("HTTP/1.1 200 OK\r\nDate: "), answers)
        XCTAssertTrue(connection.isOpen)
    }

    func testAClientFarAheadIsReadNoFurtherUntilItsAnswersGoOutAndLosesNothing() throws {
        let connection = try RawConnection(port: try start(maximumBodySize: 1 << 10))
        // 2,000 pipelined requests (about 70 KiB) behind a deferred one: more than the 17 KiB a
        // connection may hold, so the server stops reading until the first answer is out.
        connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n" + String(repeating: "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n", count: 2_000))
        var answers = ""
        for _ in 0..<50 where answers.components(separatedBy: "fast").count - 1 < 2_000 {
            answers += connection.read(until: nil, timeout: 0.2)
        }
        XCTAssertTrue(answers.contains("slow"))
        XCTAssertEqual(answers.components(separatedBy: "HTTP/1.1 200 OK").count - 1, 2_001)
    }

    func testConnectionsAreDealtToEveryLoopInTurn() throws {
        let port = try start(threads: 4)
        let connections = try (0..<8).map { _ in try RawConnection(port: port) }
        var threads: Set<String> = []
        for connection in connections {
            connection.send("GET /thread HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = connection.read(until: " end", timeout: 5)
            threads.insert(try XCTUnwrap(answer.range(of: "thread ").map { String(answer[$0.upperBound...]) }))
        }
        XCTAssertEqual(threads.count, 4, "each of the loops serves two of the eight: \(threads)")
    }

    func testAnHTTP10ClientIsClosedUnlessItAsksToKeepTheConnection() throws {
        let port = try start()
        let closing = try RawConnection(port: port)
        closing.send("GET /fast HTTP/1.0\r\n\r\n")
        let closed = closing.read(until: nil, timeout: 5)
        XCTAssertTrue(closed.contains("Connection: close\r\n") && closed.hasSuffix("fast"), closed)
        XCTAssertFalse(closing.isOpen)
        let keeping = try RawConnection(port: port)
        keeping.send("GET /fast HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertTrue(keeping.read(until: "fast", timeout: 5).contains("Connection: keep-alive\r\n"))
        keeping.send("GET /fast HTTP/1.0\r\n\r\n")
        XCTAssertTrue(keeping.read(until: nil, timeout: 5).hasSuffix("fast"), "the same connection answered again")
    }

    func testAClientThatWaitsForContinueGetsItThenTheAnswerAndChunkedBodiesAreJoined() throws {
        let connection = try RawConnection(port: try start())
        connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        XCTAssertEqual(connection.read(until: "\r\n\r\n", timeout: 5), "HTTP/1.1 100 Continue\r\n\r\n")
        connection.send("hello")
        XCTAssertTrue(connection.read(until: "hello", timeout: 5).contains("Content-Length: 5\r\n"))
        connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n")
        XCTAssertTrue(connection.read(until: "abcdef", timeout: 5).contains("abcdef"))
    }

    func testAMalformedRequestIsAnsweredWithWhatWasWrongThenClosedAndCounted() throws {
        let connection = try RawConnection(port: try start())
        connection.send("GET / HTTP/1.1\r\nHost : x\r\n\r\nGET /fast HTTP/1.1\r\n\r\n")
        let answer = connection.read(until: nil, timeout: 5)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), answer)
        XCTAssertTrue(answer.contains("Connection: close") && answer.contains("no white space before the ':'"), answer)
        XCTAssertFalse(answer.contains("fast"), "nothing after a refused request is read")
        XCTAssertFalse(connection.isOpen)
        XCTAssertEqual(rejected.statuses, [400])
    }

    func testAnEventStreamIsChunkedEndsWithTheLastChunkAndKeepsTheConnection() throws {
        let connection = try RawConnection(port: try start())
        connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(connection.read(until: "\r\n\r\n", timeout: 5).contains("Transfer-Encoding: chunked\r\nCache-Control: no-store\r\n"))
        stream.send(ServerSentEvent(data: "one", id: "1"))
        XCTAssertTrue(connection.read(until: "one", timeout: 5).contains("id: 1\n"), "sent while the connection waited")
        stream.close()
        XCTAssertTrue(connection.read(until: "0\r\n\r\n", timeout: 5).hasSuffix("0\r\n\r\n"))
        connection.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(connection.read(until: "fast", timeout: 5).hasSuffix("fast"))
    }

    func testStoppingClosesStreamsAndConnections() throws {
        let connection = try RawConnection(port: try start())
        connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = connection.read(until: "\r\n\r\n", timeout: 5)
        server?.stop()
        XCTAssertTrue(stream.isClosed)
        _ = connection.read(until: nil, timeout: 2)
        XCTAssertFalse(connection.isOpen)
    }
}
