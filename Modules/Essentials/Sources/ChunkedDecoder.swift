/// Reads the framing of a `Transfer-Encoding: chunked` body (RFC 9112, 7.1) from bytes the caller
/// keeps, as they arrive: each call moves a cursor past what it consumed and hands out where the
/// next run of the body's own bytes lies, so the caller copies the body once and keeps whatever
/// follows the body (the next pipelined request) where it was. Chunk extensions and trailers are
/// read and dropped (a trailer line that is not `name: value` is refused).
///
/// Lines end with CRLF or a bare LF (RFC 9112, 2.2). A chunk size is 1 to 15 hex digits, then
/// optional white space and an extension; the data must end exactly where its size says. Bounded:
/// a size line of at most ``maximumLineSize`` bytes, all size lines (with their extensions and line
/// ends) of at most `maximumFramingSize` bytes, a body of at most `maximumBodySize`, trailers of at
/// most `maximumTrailerSize` bytes in all: so a body's bytes on the wire are bounded by their sum,
/// however small its chunks. A line is judged too long only once that many
/// bytes have arrived without its end, so how the bytes are split never changes the outcome.
public struct ChunkedDecoder: Sendable {
    /// The longest chunk-size line.
    public static let maximumLineSize = 1_024

    private enum Stage: Sendable {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
        case done
    }

    public let maximumBodySize: Int
    public let maximumTrailerSize: Int
    public let maximumFramingSize: Int
    private var stage = Stage.size
    private var decoded = 0
    private var trailerBytes = 0
    private var framingBytes = 0

    public init(maximumBodySize: Int, maximumTrailerSize: Int = 16 << 10, maximumFramingSize: Int = 16 << 10) {
        self.maximumBodySize = maximumBodySize
        self.maximumTrailerSize = maximumTrailerSize
        self.maximumFramingSize = maximumFramingSize
    }

    /// Whether the last chunk and the trailers have been read.
    public var isComplete: Bool {
        if case .done = stage { return true }
        return false
    }

    /// The next run of body bytes in `bytes` from `cursor`, which moves past it and past the framing
    /// read on the way; nil when more bytes are needed or the body is complete (``isComplete``).
    /// After an error the decoder must not be used again.
    public mutating func next(in bytes: [UInt8], at cursor: inout Int) throws(ChunkedDecodingError) -> Range<Int>? {
        while true {
            switch stage {
            case .size:
                let start = cursor
                guard let line = try line(in: bytes, at: &cursor, limit: Self.maximumLineSize, or: .sizeLineTooLong, Self.maximumLineSize) else {
                    return nil
                }
                framingBytes += cursor - start
                guard framingBytes <= maximumFramingSize else { throw ChunkedDecodingError(.framingTooLarge, limit: maximumFramingSize) }
                let size = try Self.chunkSize(bytes[line])
                guard size <= maximumBodySize - decoded else { throw ChunkedDecodingError(.bodyTooLarge, limit: maximumBodySize) }
                stage = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let available = min(remaining, bytes.count - cursor)
                guard available > 0 else { return nil }
                let run = cursor..<cursor + available
                cursor += available
                decoded += available
                stage = available == remaining ? .dataEnd : .data(remaining: remaining - available)
                return run
            case .dataEnd:
                guard cursor < bytes.count else { return nil }
                if bytes[cursor] == UInt8(ascii: "\n") {
                    cursor += 1
                } else if bytes[cursor] == UInt8(ascii: "\r") {
                    guard cursor + 1 < bytes.count else { return nil }
                    guard bytes[cursor + 1] == UInt8(ascii: "\n") else { throw ChunkedDecodingError(.chunkOverrun) }
                    cursor += 2
                } else {
                    throw ChunkedDecodingError(.chunkOverrun)
                }
                stage = .size
            case .trailers:
                let start = cursor
                let left = maximumTrailerSize - trailerBytes
                guard let line = try line(in: bytes, at: &cursor, limit: left, or: .trailersTooLarge, maximumTrailerSize) else {
                    return nil
                }
                trailerBytes += cursor - start
                if line.isEmpty {
                    stage = .done
                } else if !Self.isField(bytes[line]) {
                    throw ChunkedDecodingError(.malformedTrailer, line: bytes[line])
                }
            case .done:
                return nil
            }
        }
    }

    /// The next line from `cursor` (without its CRLF or LF), consumed, if it ends within `limit`
    /// bytes and its line end; the error `tooLong` (naming `reported` bytes) once that many bytes
    /// have arrived without a line feed.
    private func line(
        in bytes: [UInt8], at cursor: inout Int, limit: Int, or tooLong: ChunkedDecodingError.Kind, _ reported: Int
    ) throws(ChunkedDecodingError) -> Range<Int>? {
        let window = max(0, limit) + 2
        let end = min(bytes.count, cursor + window)
        guard let feed = bytes[cursor..<end].firstIndex(of: UInt8(ascii: "\n")) else {
            guard bytes.count - cursor < window else { throw ChunkedDecodingError(tooLong, limit: reported) }
            return nil
        }
        let lineEnd = feed > cursor && bytes[feed - 1] == UInt8(ascii: "\r") ? feed - 1 : feed
        defer { cursor = feed + 1 }
        return cursor..<lineEnd
    }

    /// Whether a trailer line is `name: value`: a name of visible characters without white space
    /// before the colon, and no control characters but HTAB after it. Trailers are dropped, but
    /// one two readers would split differently is refused.
    private static func isField(_ line: ArraySlice<UInt8>) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return false }
        return line[..<colon].allSatisfy { $0 > 0x20 && $0 < 0x7F } && line[colon...].allSatisfy { $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// The size on a chunk-size line: hex digits, then optional white space and an extension without
    /// control characters (but HTAB).
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(ChunkedDecodingError) -> Int {
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = HexDigit.value(line[index]) {
            guard index - line.startIndex < 15 else { throw ChunkedDecodingError(.notASize, line: line) }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > line.startIndex else { throw ChunkedDecodingError(.notASize, line: line) }
        while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        guard index == line.endIndex || line[index] == UInt8(ascii: ";") else { throw ChunkedDecodingError(.notASize, line: line) }
        // An extension is dropped, but a bare CR or another control character in it is where two
        // readers of the same bytes could part ways: refused.
        guard line[index...].allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw ChunkedDecodingError(.notASize, line: line)
        }
        return size
    }
}
