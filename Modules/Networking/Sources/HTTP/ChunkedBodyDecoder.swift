/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112, 7.1) as its bytes arrive: what is
/// fed comes back as the body's own bytes, chunk extensions and trailers dropped, with limits
/// on each size or trailer line and on the whole body.
struct ChunkedBodyDecoder {
    /// The longest chunk-size line or trailer line.
    static let maximumLineSize = 1_024

    private enum Stage {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
        case done
    }

    let maximumBodySize: Int
    private var pending: [UInt8] = []
    private var stage = Stage.size
    private var decoded = 0

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    /// Whether the last chunk and the trailers have arrived.
    var isComplete: Bool {
        if case .done = stage { return true }
        return false
    }

    /// The body bytes in `bytes`; what follows the end of the body is ignored.
    mutating func decode(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) -> [UInt8] {
        pending.append(contentsOf: bytes)
        var output: [UInt8] = []
        var cursor = 0
        defer { pending.removeFirst(min(cursor, pending.count)) }
        while true {
            switch stage {
            case .size:
                guard let line = try nextLine(&cursor, what: "chunk size") else { return output }
                let size = try Self.chunkSize(line)
                guard size <= maximumBodySize - decoded else {
                    throw HTTPClientError(.tooLarge, "the answer's body exceeds \(maximumBodySize) bytes")
                }
                stage = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let available = min(remaining, pending.count - cursor)
                output.append(contentsOf: pending[cursor..<cursor + available])
                cursor += available
                decoded += available
                guard available == remaining else {
                    stage = .data(remaining: remaining - available)
                    return output
                }
                stage = .dataEnd
            case .dataEnd:
                guard let line = try nextLine(&cursor, what: "chunk end") else { return output }
                guard line.isEmpty else { throw HTTPClientError(.malformedResponse, "a chunk is longer than its size says") }
                stage = .size
            case .trailers:
                guard let line = try nextLine(&cursor, what: "trailer") else { return output }
                if line.isEmpty { stage = .done }
            case .done:
                cursor = pending.count
                return output
            }
        }
    }

    /// The next CRLF-terminated line from `cursor`, or nil until it has arrived.
    private func nextLine(_ cursor: inout Int, what: String) throws(HTTPClientError) -> ArraySlice<UInt8>? {
        guard let end = pending[cursor...].firstRange(of: [13, 10]) else {
            guard pending.count - cursor <= Self.maximumLineSize else {
                throw HTTPClientError(.malformedResponse, "a \(what) line exceeds \(Self.maximumLineSize) bytes")
            }
            return nil
        }
        guard end.lowerBound - cursor <= Self.maximumLineSize else {
            throw HTTPClientError(.malformedResponse, "a \(what) line exceeds \(Self.maximumLineSize) bytes")
        }
        defer { cursor = end.upperBound }
        return pending[cursor..<end.lowerBound]
    }

    /// The size on a chunk-size line, ignoring chunk extensions.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPClientError) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != UInt8(ascii: " ") && $0 != 9 }
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0 | 0x20 }),
              let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw HTTPClientError(.malformedResponse, "'\(String(decoding: line.prefix(40), as: UTF8.self))' is not a chunk size")
        }
        return size
    }
}
