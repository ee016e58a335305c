import Essentials

/// Splits the bytes of one connection into requests: finds each head's end, reads the body by
/// its Content-Length or its chunks, and hands out one request at a time, so pipelined requests
/// wait in the buffer for their turn. Every step works on what has arrived so far and resumes
/// where it stopped, so a client trickling bytes costs each byte once. Bounded: a head of at
/// most ``headLimit`` bytes (431), a body of at most the body limit (413, refused from its
/// Content-Length before it is sent); a chunked body is read by Essentials' ``ChunkedDecoder``
/// (a size line of at most 1 KiB, trailers of at most ``headLimit``).
struct HTTPRequestParser {
    static let headLimit = 16 << 10

    let bodyLimit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// How far from `start` the current head was searched for its end.
    private var scanned = 0
    private var phase = Phase.head
    private var head = HTTPRequestHead()
    private var body: [UInt8] = []

    private enum Phase {
        case head, length(remaining: Int), chunked(ChunkedDecoder)
        /// A request was refused: nothing more is read.
        case failed
    }

    init(bodyLimit: Int) {
        self.bodyLimit = bodyLimit
    }

    /// Bytes received and not yet handed out as part of a request.
    var buffered: Int { buffer.count - start }

    /// Whether part of a request has arrived.
    var isMidRequest: Bool {
        if case .head = phase { return buffered > 0 }
        return true
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// The next event in what has arrived, nil when more bytes are needed. After a failure,
    /// nothing more is read.
    mutating func next() -> HTTPParserEvent? {
        while true {
            switch phase {
            case .failed:
                return nil
            case .head:
                switch readHead() {
                case .incomplete: return nil
                case .failed(let failure): return fail(failure)
                case .bodyless: return finish()
                case .body:
                    // The client waits for 100 Continue only while it has sent none of the body.
                    if head.expectsContinue && buffered == 0 { return .continueNeeded }
                }
            case .length(let remaining):
                let taken = take(remaining)
                guard taken == remaining else {
                    phase = .length(remaining: remaining - taken)
                    return nil
                }
                return finish()
            case .chunked(var decoder):
                do {
                    while let run = try decoder.next(in: buffer, at: &start) { body.append(contentsOf: buffer[run]) }
                } catch {
                    return fail(Self.failure(error))
                }
                guard decoder.isComplete else {
                    phase = .chunked(decoder)
                    return nil
                }
                return finish()
            }
        }
    }

    /// The answer to a chunked body the decoder refused.
    private static func failure(_ error: ChunkedDecodingError) -> HTTPParseFailure {
        switch error.kind {
        case .sizeLineTooLong, .notASize, .chunkOverrun: HTTPParseFailure(400, error.message)
        case .bodyTooLarge: HTTPParseFailure(413, error.message)
        case .trailersTooLarge: HTTPParseFailure(431, error.message)
        }
    }

    private enum HeadOutcome { case incomplete, failed(HTTPParseFailure), bodyless, body }

    /// Finds and reads the head; for a body, sets the phase that reads it.
    private mutating func readHead() -> HeadOutcome {
        // Empty lines before a request line are skipped (RFC 9112 section 2.2).
        while scanned == 0, start < buffer.count, buffer[start] == UInt8(ascii: "\r") || buffer[start] == UInt8(ascii: "\n") { start += 1 }
        guard let end = headEnd() else {
            return buffered > Self.headLimit ? .failed(HTTPParseFailure(431, "the request head is larger than 16 KiB")) : .incomplete
        }
        guard end - start <= Self.headLimit else { return .failed(HTTPParseFailure(431, "the request head is larger than 16 KiB")) }
        do {
            head = try HTTPHeadReader.read(buffer[start..<end])
        } catch {
            return .failed(error)
        }
        start = end
        scanned = 0
        body = []
        if head.chunked {
            phase = .chunked(ChunkedDecoder(maximumBodySize: bodyLimit, maximumTrailerSize: Self.headLimit))
        } else if let length = head.contentLength, length > 0 {
            guard length <= bodyLimit else { return .failed(HTTPParseFailure(413, "the body is larger than \(bodyLimit) bytes")) }
            body.reserveCapacity(length)
            phase = .length(remaining: length)
        } else {
            return .bodyless
        }
        return .body
    }

    /// The index just past the blank line that ends the head, nil when it has not arrived.
    private mutating func headEnd() -> Int? {
        var index = start + max(0, scanned - 3)
        while index < buffer.count {
            if buffer[index] == UInt8(ascii: "\n") {
                let after = index + 1
                if after < buffer.count, buffer[after] == UInt8(ascii: "\n") { return after + 1 }
                if after + 1 < buffer.count, buffer[after] == UInt8(ascii: "\r"), buffer[after + 1] == UInt8(ascii: "\n") { return after + 2 }
            }
            index += 1
        }
        scanned = buffer.count - start
        return nil
    }

    /// Moves up to `count` body bytes out of the buffer; how many.
    private mutating func take(_ count: Int) -> Int {
        let taken = min(count, buffered)
        body.append(contentsOf: buffer[start..<start + taken])
        start += taken
        return taken
    }

    private mutating func finish() -> HTTPParserEvent {
        let request = HTTPParserEvent.request(head, body)
        phase = .head
        body = []
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4 << 10)
            start = 0
        } else if start >= 32 << 10 {
            buffer.removeFirst(start)
            start = 0
        }
        return request
    }

    private mutating func fail(_ failure: HTTPParseFailure) -> HTTPParserEvent {
        phase = .failed
        buffer = []
        start = 0
        return .failure(failure)
    }
}
