import Foundation
import LoopbackTestSupport
@testable import Transport
import XCTest

/// A TCP stream closed from another thread while its reader or writer has not yet noticed.
final class TCPStreamTests: XCTestCase {
    private var listener: ListeningSocket!
    private var accepted: [Int32] = []

    override func setUpWithError() throws {
        listener = try ListeningSocket()
    }

    override func tearDown() {
        accepted.forEach { close($0) }
        listener = nil
    }

    /// Connects a stream and returns it with the server's end of the connection.
    private func connect() throws -> (TCPStream, Int32) {
        let stream = try TCPStream(host: "127.0.0.1", port: listener.port, timeout: 2)
        let peer = listener.accept()
        XCTAssertGreaterThanOrEqual(peer, 0)
        accepted.append(peer)
        return (stream, peer)
    }

    func testAClosedStreamNeitherReadsNorWritesTheNextConnection() throws {
        let (first, _) = try connect()
        first.close()
        let (second, secondPeer) = try connect()
        let message = Array("for the second stream".utf8)
        XCTAssertEqual(send(secondPeer, message, message.count, 0), message.count)

        var buffer = [UInt8](repeating: 0, count: 64)
        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try first.read(into: $0) }, 0, "the closed stream read another connection's bytes")
        XCTAssertThrowsError(try first.write(Array("from the first stream".utf8)))

        var received: [UInt8] = []
        var readable = pollfd(fd: second.descriptor, events: Int16(POLLIN), revents: 0)
        while received.count < message.count, poll(&readable, 1, 2_000) > 0 {
            let count = try buffer.withUnsafeMutableBytes { try second.read(into: $0) }
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        XCTAssertEqual(received, message)
        XCTAssertEqual(recv(secondPeer, &buffer, buffer.count, Int32(MSG_DONTWAIT)), -1, "the second connection got the closed stream's write")
    }

    func testTheDescriptorIsReleasedWhenTheStreamGoesAway() throws {
        var (stream, peer): (TCPStream?, Int32) = try connect()
        let descriptor = try XCTUnwrap(stream).descriptor
        var before = stat()
        XCTAssertEqual(fstat(descriptor, &before), 0)
        stream?.close()
        var buffer = [UInt8](repeating: 0, count: 8)
        XCTAssertEqual(recv(peer, &buffer, buffer.count, 0), 0, "the peer saw the end at the close")
        stream = nil
        // Either the number is free, or something else opened it since: a different socket.
        var after = stat()
        if fstat(descriptor, &after) == 0 {
            XCTAssertNotEqual(after.st_ino, before.st_ino, "the descriptor outlived its stream")
        } else {
            XCTAssertEqual(errno, EBADF)
        }
    }
}
