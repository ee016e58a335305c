import Foundation
@testable import Transport
import XCTest

/// The reader thread offers text messages to the interceptor as their UTF-8: what it consumes
/// never reaches the consumer, the rest arrives in order as Strings, and a text message that is
/// not UTF-8 ends the connection with 1007 without the interceptor ever reading it.
final class MessageInterceptionTests: XCTestCase {
    private final class Offered: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        var all: [String] { lock.withLock { texts } }
        func add(_ bytes: UnsafeBufferPointer<UInt8>) { lock.withLock { texts.append(String(decoding: bytes, as: UTF8.self)) } }
    }

    private static func frame(_ payload: [UInt8]) -> [UInt8] {
        precondition(payload.count < 126)
        return [0x81, UInt8(payload.count)] + payload
    }

    private func client(offering offered: Offered) throws -> (WebSocketClient, SocketPairStream) {
        let stream = try SocketPairStream()
        let client = try WebSocketClient(stream: stream, compression: nil, leftover: [], options: WebSocketOptions())
        client.intercept { bytes in
            offered.add(bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            if text.hasPrefix("take") { return .consumed }
            if text.hasPrefix("half:") { return .rest(String(text.dropFirst(5))) }
            return .declined
        }
        return (client, stream)
    }

    func testConsumedMessagesAreTakenAndTheRestArriveInOrder() async throws {
        let offered = Offered()
        let (client, stream) = try client(offering: offered)
        defer { client.close() }
        stream.serverWrites(["take 1", "take 2", "half:left", "keep é", "take 3"].flatMap { Self.frame(Array($0.utf8)) })
        var received: [String] = []
        for try await message in client.messages {
            guard case .text(let text) = message else { continue }
            received.append(text)
            if received.count == 3 { break }
        }
        XCTAssertEqual(received, ["left", "keep é", "take 3"], "after a message it leaves, nothing is taken from the batch")
        XCTAssertEqual(offered.all, ["take 1", "take 2", "half:left"])
    }

    func testTextThatIsNotUTF8EndsTheConnectionUnread() async throws {
        let offered = Offered()
        let (client, stream) = try client(offering: offered)
        defer { client.close() }
        stream.serverWrites(Self.frame(Array("take this".utf8)) + Self.frame(Array("take".utf8) + [0xED, 0xA0, 0x80]))
        // Then the server's side ends: a reader that took the bad message would end with 1006.
        shutdown(stream.peer, Int32(SHUT_WR))
        do {
            for try await _ in client.messages {}
            XCTFail("the connection should fail")
        } catch let error as WebSocketError {
            XCTAssertEqual(error.closeCode, 1007)
        }
        XCTAssertEqual(offered.all, ["take this"], "the surrogate's message was never offered")
    }
}
