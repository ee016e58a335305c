import Foundation
@testable import Transport
import XCTest

/// The reader's linger: frames a server writes one by one in quick succession are read many at
/// a time, every message still arrives whole and in order, and the linger is bounded.
final class ReadLingerTests: XCTestCase {
    /// An unmasked text frame as a server sends it.
    private static func frame(_ text: String) -> [UInt8] {
        let payload = Array(text.utf8)
        precondition(payload.count < 126)
        return [0x81, UInt8(payload.count)] + payload
    }

    private func receive(_ count: Int, from client: WebSocketClient) async throws -> [String] {
        var texts: [String] = []
        for try await message in client.messages {
            guard case .text(let text) = message else { continue }
            texts.append(text)
            if texts.count == count { break }
        }
        return texts
    }

    func testFramesWrittenOneByOneAreReadManyToAWakeUp() async throws {
        let stream = try SocketPairStream()
        let client = try WebSocketClient(stream: stream, compression: nil, leftover: [], options: WebSocketOptions(readLinger: WebSocketOptions.maximumReadLinger))
        defer { client.close() }
        let sent = (0..<300).map { "{\"id\":\($0)}" }
        let writer = Thread {
            for text in sent {
                stream.serverWrites(Self.frame(text))
                usleep(20)
            }
        }
        writer.start()
        let received = try await receive(sent.count, from: client)
        XCTAssertEqual(received, sent)
        // 300 sends about 20 µs apart take 6 ms or more; a reader that waits 10 ms after each
        // read that emptied the socket wakes a handful of times, not once per frame.
        XCTAssertLessThan(stream.reads, 100, "reads: \(stream.reads)")
    }

    func testTheLingerIsClampedToZeroThroughTheMaximum() {
        XCTAssertEqual(ReadLinger(seconds: 0.000_2).seconds, 0.000_2)
        XCTAssertEqual(ReadLinger(seconds: 60).seconds, WebSocketOptions.maximumReadLinger)
        XCTAssertEqual(ReadLinger(seconds: .infinity).seconds, WebSocketOptions.maximumReadLinger)
        XCTAssertEqual(ReadLinger(seconds: -1).seconds, 0)
        XCTAssertEqual(ReadLinger(seconds: .nan).seconds, 0)
    }
}
