import Foundation
@testable import Transport

/// One end of a connected socket pair as a client's byte stream, counting the reads that
/// returned data; the test writes the server's bytes into `peer`.
final class SocketPairStream: ByteStream, @unchecked Sendable {
    let peer: Int32
    private let descriptor: Int32
    private let counted = NSLock()
    private var dataReads = 0

    init() throws {
        var descriptors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0 else { throw CocoaError(.fileReadUnknown) }
        descriptor = descriptors[0]
        peer = descriptors[1]
    }

    deinit {
        Foundation.close(descriptor)
        Foundation.close(peer)
    }

    /// How many reads returned data so far.
    var reads: Int { counted.withLock { dataReads } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int {
        let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
        guard count >= 0 else { return 0 }
        if count > 0 { counted.withLock { dataReads += 1 } }
        return count
    }

    func write(_ bytes: [UInt8]) throws(SocketError) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Writes `bytes` as the server would.
    func serverWrites(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
