import Foundation
import Networking
import Transport
import XCTest

/// The WebSocket client against a real peer: the `websockets` library's server (tools/ws-peer.py).
final class WebSocketConformanceTests: XCTestCase {
    private static let peer = Result { try WebSocketPeer() }

    private func peer() throws -> WebSocketPeer { try Self.peer.get() }

    private func next(_ client: WebSocketClient) async throws -> WebSocketMessage? {
        var iterator = client.messages.makeAsyncIterator()
        return try await iterator.next()
    }

    /// Reads until the stream ends; returns the error it ended with.
    private func ending(_ client: WebSocketClient) async -> WebSocketError? {
        do {
            for try await _ in client.messages {}
            return nil
        } catch {
            return error as? WebSocketError
        }
    }

    func testASlowConsumerSlowsTheServerInsteadOfFillingMemory() async throws {
        // Nothing is taken for three seconds: the client reads up to its 1 MiB budget and then
        // stops reading, so the server's sends block; unbounded, all 125 MiB would be read.
        let client = try await WebSocketClient.connect(to: peer().url("/flood", plain: true), options: WebSocketOptions(maximumBufferedBytes: 1 << 20))
        let report = try XCTUnwrap(try peer().line(startingWith: "flood sent ", seconds: 10))
        let sent = try XCTUnwrap(Int(report.split(separator: " ")[2]))
        XCTAssertLessThan(sent, 400, "the server got \(sent) messages of 64 KiB out to a client that took none")
        var expected = 0
        for try await message in client.messages {
            guard case .binary(let bytes) = message else { return XCTFail("\(message)") }
            XCTAssertEqual(bytes.count, 65536)
            XCTAssertEqual(bytes.prefix(8).reduce(0) { $0 << 8 | Int($1) }, expected, "in order, none lost")
            expected += 1
            if expected == 2000 { break }
        }
        XCTAssertEqual(expected, 2000)
        client.close()
    }

    func testEchoesTextAndBinaryWithCompression() async throws {
        let client = try await WebSocketClient.connect(to: peer().url("/echo"))
        XCTAssertTrue(client.compressionEnabled)
        var iterator = client.messages.makeAsyncIterator()
        try client.send("héllo " + String(repeating: "state ", count: 10_000))
        try client.send(binary: [0, 1, 2, 255])
        let first = try await iterator.next()
        XCTAssertEqual(first, .text("héllo " + String(repeating: "state ", count: 10_000)))
        let second = try await iterator.next()
        XCTAssertEqual(second, .binary([0, 1, 2, 255]))
        client.close()
        let end = try await iterator.next()
        XCTAssertNil(end)
        XCTAssertEqual(try peer().closeCodeReceived(on: "/echo"), "1000")
    }

    func testEchoesWithoutCompressionWhenRefused() async throws {
        let client = try await WebSocketClient.connect(to: peer().url("/echo", plain: true))
        XCTAssertFalse(client.compressionEnabled)
        try client.send(String(repeating: "a", count: 70_000))
        let received = try await next(client)
        XCTAssertEqual(received, .text(String(repeating: "a", count: 70_000)))
        client.close()
    }

    func testReassemblesFragments() async throws {
        let client = try await WebSocketClient.connect(to: peer().url("/fragmented"))
        let received = try await next(client)
        XCTAssertEqual(received, .text("Hello, fragmented world"))
        client.close()
    }

    func testReceivesALargeCompressedMessage() async throws {
        for plain in [false, true] {
            let client = try await WebSocketClient.connect(to: peer().url("/large", plain: plain))
            let received = try await next(client)
            XCTAssertEqual(received, .text(String(repeating: "x", count: 5_000_000)))
            client.close()
        }
    }

    func testAnswersPings() async throws {
        let client = try await WebSocketClient.connect(to: peer().url("/ping"))
        let received = try await next(client)
        XCTAssertEqual(received, .text("pong received"))
        client.close()
    }

    func testCleanCloseFromTheServerCarriesItsCode() async throws {
        let client = try await WebSocketClient.connect(to: peer().url("/close"))
        let error = await ending(client)
        XCTAssertEqual(error?.closeCode, 4000)
        XCTAssertTrue(error?.message.contains("bye") ?? false, "\(String(describing: error))")
        XCTAssertEqual(try peer().closeCodeReceived(on: "/close"), "4000", "the client echoes the close code")
    }

    func testAnAbruptCloseIs1006() async throws {
        let client = try await WebSocketClient.connect(to: peer().url("/abrupt"))
        let error = await ending(client)
        XCTAssertEqual(error?.kind, .closed)
        XCTAssertEqual(error?.closeCode, 1006)
    }

    func testInvalidFramesFailWithTheRFCsCloseCodes() async throws {
        let cases: [(String, WebSocketError.Kind, UInt16)] = [
            ("/bad-opcode", .protocolError, 1002), ("/masked", .protocolError, 1002), ("/bad-utf8", .invalidData, 1007),
            ("/too-big", .messageTooBig, 1009), ("/continuation", .protocolError, 1002), ("/rsv2", .protocolError, 1002),
            ("/fragmented-ping", .protocolError, 1002), ("/bad-close", .protocolError, 1002),
        ]
        for (path, kind, code) in cases {
            let client = try await WebSocketClient.connect(to: peer().url(path), options: WebSocketOptions(maximumMessageSize: 1_000_000))
            let error = await ending(client)
            XCTAssertEqual(error?.kind, kind, path)
            XCTAssertEqual(error?.closeCode, code, path)
            XCTAssertEqual(try peer().closeCodeReceived(on: path), String(code), "\(path): the client sends close \(code)")
        }
    }

    func testConnectionAndHandshakeFailuresAreClear() async throws {
        do {
            _ = try await WebSocketClient.connect(to: URL(string: "ws://127.0.0.1:1/")!)
            XCTFail("connected to a closed port")
        } catch let error as WebSocketError {
            XCTAssertEqual(error.kind, .connectionFailed)
        }
        do {
            _ = try await WebSocketClient.connect(to: URL(string: "http://127.0.0.1/")!)
            XCTFail("accepted an http URL")
        } catch let error as WebSocketError {
            XCTAssertEqual(error.kind, .connectionFailed)
        }
    }
}
