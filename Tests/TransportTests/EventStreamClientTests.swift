import Foundation
import LoopbackTestSupport
import Transport
import XCTest

/// The event stream client against a loopback server that answers exactly as scripted.
final class EventStreamClientTests: XCTestCase {
    private func collect(_ server: CannedHTTPServer, client: EventStreamClient = EventStreamClient()) async -> ([StreamEvent], (any Error)?) {
        var received: [StreamEvent] = []
        do {
            for try await event in client.events(from: URL(string: "http://127.0.0.1:\(server.port)/push/stream")!, headers: [("Authorization", "Bearer t")]) {
                received.append(event)
            }
            return (received, nil)
        } catch {
            return (received, error)
        }
    }

    func testReadsAChunkedStreamAsItArrives() async throws {
        func chunk(_ text: String) -> String { String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n" }
        let server = try CannedHTTPServer(steps: [
            .send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"),
            .send(chunk("event: ready\ndata:")), .pause(0.05), .send(chunk(" {}\n\n")),
            .send(chunk("event: notification\ndata: ") + String(chunk("{\"a\":1}").prefix(4))), .pause(0.05),
            .send(String(chunk("{\"a\":1}").dropFirst(4)) + chunk("\n\n")), .send("0\r\n\r\n"),
        ])
        defer { server.stop() }
        let (events, error) = await collect(server)
        XCTAssertNil(error)
        XCTAssertEqual(events, [StreamEvent(name: "ready", data: "{}"), StreamEvent(name: "notification", data: "{\"a\":1}")])
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertTrue(request.hasPrefix("GET /push/stream HTTP/1.1\r\n"), request)
        XCTAssertTrue(request.contains("\r\nAuthorization: Bearer t\r\n") && request.contains("\r\nAccept: text/event-stream\r\n"), request)
    }

    func testAnAnswerThatIsNotAStreamIsAnError() async throws {
        let server = try CannedHTTPServer(steps: [.send("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")])
        defer { server.stop() }
        let (events, error) = await collect(server)
        XCTAssertEqual(events, [])
        XCTAssertEqual((error as? HTTPClientError)?.kind, .unexpectedStatus, "\(String(describing: error))")
        XCTAssertTrue("\(String(describing: error))".contains("answered 400"))
    }

    func testASilentStreamTimesOut() async throws {
        let server = try CannedHTTPServer(
            steps: [.send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nevent: ready\ndata: {}\n\n")], closesAfterAnswer: false
        )
        defer { server.stop() }
        let (events, error) = await collect(server, client: EventStreamClient(idleTimeout: 0.6))
        XCTAssertEqual(events, [StreamEvent(name: "ready", data: "{}")])
        XCTAssertEqual((error as? HTTPClientError)?.kind, .timedOut, "\(String(describing: error))")
    }

    func testMalformedChunksEndTheStreamWithTheReason() async throws {
        let server = try CannedHTTPServer(steps: [
            .send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"),
        ], closesAfterAnswer: false)
        defer { server.stop() }
        let (_, error) = await collect(server)
        XCTAssertEqual((error as? HTTPClientError)?.kind, .malformedResponse, "\(String(describing: error))")
    }
}
