/// The body of a streamed answer as its bytes arrive, however it is framed.
struct BodyReader {
    private var chunks: ChunkedBodyDecoder?
    private var remaining: Int?

    init(head: HTTPResponseHead) throws(HTTPClientError) {
        switch try HTTPBodyFraming(status: head.status, headers: head.headers, requestMethod: "GET", maximumBodySize: Int.max) {
        case .chunked: chunks = ChunkedBodyDecoder(maximumBodySize: Int.max)
        case .length(let length): remaining = length
        case .none: remaining = 0
        case .untilClose: break
        }
    }

    /// The body's bytes among `bytes`.
    mutating func decode(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) -> [UInt8] {
        if var decoder = chunks {
            defer { chunks = decoder }
            return try decoder.decode(bytes)
        }
        guard let left = remaining else { return Array(bytes) }
        let taken = bytes.prefix(left)
        remaining = left - taken.count
        return Array(taken)
    }
}
