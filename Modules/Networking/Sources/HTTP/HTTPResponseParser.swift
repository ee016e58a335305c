/// Reads one HTTP/1.x answer from bytes as they arrive, with limits on the head, each chunk
/// line and the body, so a misbehaving server can neither exhaust memory nor go unnoticed.
struct HTTPResponseParser {
    /// The longest head accepted before the blank line that ends it.
    static let maximumHeadSize = 16 * 1024
    /// The longest chunk-size line or trailer line.
    static let maximumLineSize = 1_024

    private enum Stage {
        case head
        case body(HTTPBodyFraming)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers
    }

    let requestMethod: String
    let maximumBodySize: Int
    private var buffer: [UInt8] = []
    private var cursor = 0
    private var stage = Stage.head
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []

    init(requestMethod: String, maximumBodySize: Int) {
        self.requestMethod = requestMethod
        self.maximumBodySize = maximumBodySize
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
            case .body(.chunked), .chunkSize:
                guard let line = try nextLine(what: "chunk size") else { return nil }
                let size = try Self.chunkSize(line)
                guard size <= maximumBodySize - body.count else { throw bodyTooLarge() }
                stage = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let available = min(remaining, buffer.count - cursor)
                body.append(contentsOf: buffer[cursor..<cursor + available])
                cursor += available
                guard available == remaining else {
                    stage = .chunkData(remaining: remaining - available)
                    return nil
                }
                stage = .chunkEnd
            case .chunkEnd:
                guard let line = try nextLine(what: "chunk end") else { return nil }
                guard line.isEmpty else { throw HTTPClientError(.malformedResponse, "a chunk is longer than its size says") }
                stage = .chunkSize
            case .trailers:
                guard let line = try nextLine(what: "trailer") else { return nil }
                if line.isEmpty { return try complete() }
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
            return HTTPResponse(status: head.status, headers: head.headers, body: Array(buffer[cursor...]))
        case .body(.length(let length)):
            throw HTTPClientError(.closed, "the answer ended after \(buffer.count - cursor) of its \(length) bytes")
        default:
            throw HTTPClientError(.closed, "the chunked answer ended before its last chunk")
        }
    }

    /// Parses the head once its blank line has arrived; 1xx interim answers are skipped.
    private mutating func readHead() throws(HTTPClientError) -> Bool {
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard let end = buffer[cursor...].firstRange(of: terminator) else {
            guard buffer.count - cursor <= Self.maximumHeadSize else {
                throw HTTPClientError(.tooLarge, "the answer's head exceeds \(Self.maximumHeadSize) bytes")
            }
            return false
        }
        guard end.lowerBound - cursor <= Self.maximumHeadSize else {
            throw HTTPClientError(.tooLarge, "the answer's head exceeds \(Self.maximumHeadSize) bytes")
        }
        let parsed = try HTTPResponseHead(buffer[cursor..<end.lowerBound])
        cursor = end.upperBound
        guard parsed.status >= 200 else { return true }
        head = parsed
        stage = .body(try HTTPBodyFraming(status: parsed.status, headers: parsed.headers, requestMethod: requestMethod,
            maximumBodySize: maximumBodySize))
        return true
    }

    /// The next CRLF-terminated line after the cursor, or nil until it has arrived.
    private mutating func nextLine(what: String) throws(HTTPClientError) -> ArraySlice<UInt8>? {
        guard let end = buffer[cursor...].firstRange(of: [13, 10]) else {
            guard buffer.count - cursor <= Self.maximumLineSize else {
                throw HTTPClientError(.malformedResponse, "a \(what) line exceeds \(Self.maximumLineSize) bytes")
            }
            return nil
        }
        guard end.lowerBound - cursor <= Self.maximumLineSize else {
            throw HTTPClientError(.malformedResponse, "a \(what) line exceeds \(Self.maximumLineSize) bytes")
        }
        defer { cursor = end.upperBound }
        return buffer[cursor..<end.lowerBound]
    }

    /// The size on a chunk-size line, ignoring chunk extensions.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPClientError) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != UInt8(ascii: " ") && $0 != 9 }
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0 | 0x20 }),
              let size = Int(String(decoding: digits, as: UTF8.self), radix: 16), size >= 0 else {
            throw HTTPClientError(.malformedResponse, "'\(String(decoding: line.prefix(40), as: UTF8.self))' is not a chunk size")
        }
        return size
    }

    private func complete() throws(HTTPClientError) -> HTTPResponse {
        guard let head else { throw HTTPClientError(.malformedResponse, "no head") }
        return HTTPResponse(status: head.status, headers: head.headers, body: body)
    }

    private func bodyTooLarge() -> HTTPClientError {
        HTTPClientError(.tooLarge, "the answer's body exceeds \(maximumBodySize) bytes")
    }
}
