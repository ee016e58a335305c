import Essentials

/// Splits the bytes of one connection into requests: finds each head's end, reads the body by
/// its Content-Length or its chunks, and hands out one request at a time, so pipelined requests
/// wait in the buffer for their turn. Every step works on what has arrived so far and resumes
/// where it stopped, so a client trickling bytes costs each byte once.
///
/// Every byte of a request counts against a bound, so no client can make it hold more than
/// ``requestBudget(bodyLimit:)`` bytes of one request however it frames them: the empty lines
/// before the request line and the head together at most ``headLimit`` bytes (400 when the empty
/// lines alone pass it, else 431), a body of at most the body limit (413, refused from its
/// Content-Length before it is sent); a chunked body is read by Essentials' ``ChunkedDecoder``:
/// each size line at most 1 KiB and all of them with their extensions at most
/// ``framingLimit`` (400), trailers at most ``headLimit`` (431). What was read is dropped from
/// the buffer as it goes, so the memory held is what is still to be read (``held``).
struct HTTPRequestParser {
    static let headLimit = 16 << 10
    /// The bytes of all the chunk-size lines of one body, with their extensions.
    static let framingLimit = 16 << 10

    /// The most bytes one request may take on the wire: empty lines and head, chunk framing,
    /// trailers and body.
    static func requestBudget(bodyLimit: Int) -> Int { 2 * headLimit + framingLimit + bodyLimit }

    let bodyLimit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Empty lines skipped before the current request line.
    private var skipped = 0
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

    /// Bytes held for the client: what is buffered (with at most ``compactionThreshold`` already
    /// read) and the body read so far.
    var held: Int { buffer.count + body.count }

    /// Read bytes at the front of the buffer are dropped once there are this many.
    static let compactionThreshold = 4 << 10

    /// The most a parser holds when it waits for more (``held``): the body so far, the rest of a
    /// head or trailer section, and bytes already read; with room for the next read too.
    static func heldLimit(bodyLimit: Int) -> Int { bodyLimit + 2 * headLimit + compactionThreshold }

    /// Adds bytes that arrived; after a failure they are dropped (nothing more is read, and a
    /// refused client must not fill the buffer while its answer waits to go out).
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if case .failed = phase { return }
        buffer.append(contentsOf: bytes)
    }

    /// The next event in what has arrived, nil when more bytes are needed. After a failure,
    /// nothing more is read.
    mutating func next() -> HTTPParserEvent? {
        defer { dropRead() }
        return nextEvent()
    }

    /// Drops the bytes already read from the front of the buffer once there are enough of them
    /// (or all of it). Indexes into the buffer are all relative to `start` (the head's scan, the
    /// chunk decoder's cursor): nothing else points into it.
    private mutating func dropRead() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4 << 10)
            start = 0
        } else if start >= Self.compactionThreshold {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func nextEvent() -> HTTPParserEvent? {
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
        case .sizeLineTooLong, .notASize, .chunkOverrun, .framingTooLarge, .malformedTrailer: HTTPParseFailure(400, error.message)
        case .bodyTooLarge: HTTPParseFailure(413, error.message)
        case .trailersTooLarge: HTTPParseFailure(431, error.message)
        }
    }

    private enum HeadOutcome { case incomplete, failed(HTTPParseFailure), bodyless, body }

    private static let headTooLarge = HTTPParseFailure(431, "the request head (with any empty lines before it) is larger than 16 KiB")

    /// Finds and reads the head; for a body, sets the phase that reads it.
    private mutating func readHead() -> HeadOutcome {
        // Empty lines before a request line are skipped (RFC 9112 section 2.2), and count.
        while scanned == 0, start < buffer.count, buffer[start] == UInt8(ascii: "\r") || buffer[start] == UInt8(ascii: "\n") {
            start += 1
            skipped += 1
        }
        guard skipped <= Self.headLimit else { return .failed(HTTPParseFailure(400, "more than 16 KiB of empty lines before the request line")) }
        guard let end = headEnd() else {
            return skipped + buffered > Self.headLimit ? .failed(Self.headTooLarge) : .incomplete
        }
        guard skipped + end - start <= Self.headLimit else { return .failed(Self.headTooLarge) }
        do {
            head = try HTTPHeadReader.read(buffer[start..<end])
        } catch {
            return .failed(error)
        }
        start = end
        scanned = 0
        skipped = 0
        body = []
        if head.chunked {
            phase = .chunked(ChunkedDecoder(maximumBodySize: bodyLimit, maximumTrailerSize: Self.headLimit, maximumFramingSize: Self.framingLimit))
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
        return request
    }

    private mutating func fail(_ failure: HTTPParseFailure) -> HTTPParserEvent {
        phase = .failed
        buffer = []
        body = []
        start = 0
        return .failure(failure)
    }
}
