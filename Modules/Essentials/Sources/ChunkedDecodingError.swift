/// Why a chunked body was refused: its kind, for the caller's status or error type, and a
/// message that says what was wrong.
public struct ChunkedDecodingError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A chunk-size line is longer than ``ChunkedDecoder/maximumLineSize``.
        case sizeLineTooLong
        /// A chunk-size line does not start with a hexadecimal size.
        case notASize
        /// The bytes after a chunk's data are not its line end: the chunk is longer than its size.
        case chunkOverrun
        /// The chunks add up to more than the body may hold.
        case bodyTooLarge
        /// The trailer section is larger than it may be.
        case trailersTooLarge
        /// The chunk-size lines (sizes and extensions) add up to more than they may.
        case framingTooLarge
        /// A trailer line is not `name: value`.
        case malformedTrailer
    }

    public let kind: Kind
    public let message: String

    init(_ kind: Kind, limit: Int = 0, line: ArraySlice<UInt8> = []) {
        self.kind = kind
        switch kind {
        case .sizeLineTooLong: message = "a chunk size line exceeds \(limit) bytes"
        case .notASize: message = "'\(String(decoding: line.prefix(40), as: UTF8.self))' is not a chunk size"
        case .chunkOverrun: message = "a chunk is longer than its size says"
        case .bodyTooLarge: message = "the body exceeds \(limit) bytes"
        case .trailersTooLarge: message = "the chunk trailers exceed \(limit) bytes"
        case .framingTooLarge: message = "the chunk-size lines and their extensions exceed \(limit) bytes"
        case .malformedTrailer: message = "'\(String(decoding: line.prefix(40), as: UTF8.self))' is not a trailer field"
        }
    }
}
