/// Reads one HTTP/1.x answer from bytes as they arrive, with limits on the head, each chunk
/// line and the body, so a misbehaving server can neither exhaust memory nor go unnoticed.
struct HTTPResponseParser {
    private enum Stage {
        case head
        case body(HTTPBodyFraming)
    }

    let requestMethod: String
    let maximumBodySize: Int
    private var buffer: [UInt8] = []
    private var cursor = 0
    private var stage = Stage.head
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []
    private var chunks: ChunkedBodyDecoder

    init(requestMethod: String, maximumBodySize: Int) {
        self.requestMethod = requestMethod
        self.maximumBodySize = maximumBodySize
        chunks = ChunkedBodyDecoder(maximumBodySize: maximumBodySize)
    }

    /// Takes the next bytes; the answer once it is complete.
    mutating func append(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) -> HTTPResponse? {
        if cursor > 65_536 {
            buffer.removeFirst(cursor)
            cursor = 0
        }
        buffer.append(contentsOf: bytes)
        while true {
            switch stage {
            case .head:
                guard try readHead() else { return nil }
            case .body(.none):
                return try complete()
            case .body(.length(let length)):
                guard buffer.count - cursor >= length else { return nil }
                body = Array(buffer[cursor..<cursor + length])
                return try complete()
            case .body(.untilClose):
                guard buffer.count - cursor <= maximumBodySize else { throw bodyTooLarge() }
                return nil
            case .body(.chunked):
                body += try chunks.decode(buffer[cursor...])
                cursor = buffer.count
                return chunks.isComplete ? try complete() : nil
            }
        }
    }

    /// The answer when the server has closed the connection: complete only when its body is
    /// framed by the close, otherwise an error saying what was cut off.
    func finish() throws(HTTPClientError) -> HTTPResponse {
        switch stage {
        case .head:
            throw HTTPClientError(.closed, buffer.isEmpty ? "the server closed the connection without answering"
                : "the server closed the connection in the middle of the answer's head")
        case .body(.untilClose):
            guard let head else { throw HTTPClientError(.closed, "no head") }
            // The limit holds here too, whatever the caller did with an earlier refusal.
            guard buffer.count - cursor <= maximumBodySize else { throw bodyTooLarge() }
            return HTTPResponse(status: head.status, headers: head.headers, body: Array(buffer[cursor...]))
        case .body(.length(let length)):
            throw HTTPClientError(.closed, "the answer ended after \(buffer.count - cursor) of its \(length) bytes")
        case .body(.chunked):
            throw HTTPClientError(.closed, "the chunked answer ended before its last chunk")
        case .body(.none):
            return try complete()
        }
    }

    /// Parses the head once its blank line has arrived; 1xx interim answers are skipped.
    private mutating func readHead() throws(HTTPClientError) -> Bool {
        guard let (headBytes, rest) = try HTTPResponseHead.split(buffer[cursor...]) else { return false }
        let parsed = try HTTPResponseHead(headBytes)
        cursor = rest.startIndex
        guard parsed.status >= 200 else { return true }
        head = parsed
        stage = .body(try HTTPBodyFraming(status: parsed.status, headers: parsed.headers, requestMethod: requestMethod,
            maximumBodySize: maximumBodySize))
        return true
    }

    private func complete() throws(HTTPClientError) -> HTTPResponse {
        guard let head else { throw HTTPClientError(.malformedResponse, "no head") }
        return HTTPResponse(status: head.status, headers: head.headers, body: body)
    }

    private func bodyTooLarge() -> HTTPClientError {
        HTTPClientError(.tooLarge, "the answer's body exceeds \(maximumBodySize) bytes")
    }
}
