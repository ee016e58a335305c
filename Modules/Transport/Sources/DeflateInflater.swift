import CZlib

/// Inflates permessage-deflate messages (RFC 7692) with a raw zlib stream that keeps its window
/// across messages (context takeover), and starts afresh after a message when the server said it
/// resets its compressor each time (`server_no_context_takeover`) or ended its DEFLATE stream
/// with a final block (after which zlib would take nothing more). The input (the message and
/// the four bytes RFC 7692 has the sender strip) and the 64 KiB that zlib inflates into are kept
/// from message to message: a stream of small messages allocates and clears nothing per message
/// but the result.
final class DeflateInflater {
    private var stream = z_stream()
    private let ready: Bool
    private let resetsAfterEachMessage: Bool
    private var input: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private static let strippedTail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]

    init(resetsAfterEachMessage: Bool = false) {
        ready = hc_inflate_init_raw(&stream) == Z_OK
        self.resetsAfterEachMessage = resetsAfterEachMessage
    }

    deinit {
        if ready { inflateEnd(&stream) }
    }

    /// The message inflated, refusing to produce more than `limit` bytes (a compression bomb).
    func inflate(_ payload: [UInt8], limit: Int) throws(WebSocketError) -> [UInt8] {
        guard ready else { throw .invalidData("zlib could not be initialised") }
        input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
        input.append(contentsOf: payload)
        input.append(contentsOf: Self.strippedTail)
        var output: [UInt8] = []
        let count = input.count
        var exceeded = false
        let status: Int32 = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(count)
            var result: Int32 = Z_OK
            repeat {
                result = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    return CZlib.inflate(&stream, Z_SYNC_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit {
                    exceeded = true
                    break
                }
                if result == Z_BUF_ERROR && stream.avail_in == 0 { result = Z_OK; break }
            } while result == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
            stream.next_in = nil
            return result
        }
        if exceeded { throw .tooBig("the message inflates beyond the limit of \(limit) bytes") }
        guard status == Z_OK || status == Z_STREAM_END else { throw .invalidData("invalid compressed data (zlib \(status))") }
        if status == Z_STREAM_END || resetsAfterEachMessage { inflateReset(&stream) }
        return output
    }
}
