import Dispatch
import Essentials
import FoundationEssentials

/// One `text/event-stream` held open on a thread of its own: connects, sends the request,
/// checks the answer's head, then decodes the body (chunked, sized or until close) into events
/// for the continuation. ``close()`` from any thread ends it; so does silence longer than the
/// idle timeout (the relay sends a keep-alive comment every 15 seconds).
final class EventStreamConnection: @unchecked Sendable {
    private let client: EventStreamClient
    private let request: HTTPRequest
    private let budget: ReadBudget
    // Guarded by `lock`: the socket once connected, whether close was asked for (and whether
    // by the idle watchdog), and when the last bytes arrived.
    private let lock = Lock()
    private var tcp: TCPStream?
    private var closed = false
    private var wentSilent = false
    private var lastActivity = DispatchTime.now()

    init(client: EventStreamClient, request: HTTPRequest, budget: ReadBudget) {
        self.client = client
        self.request = request
        self.budget = budget
    }

    func close() {
        let open = lock.withLock { () -> TCPStream? in
            closed = true
            return tcp
        }
        open?.close()
    }

    /// Runs until the stream ends, yielding every event.
    func run(_ continuation: AsyncThrowingStream<StreamEvent, any Error>.Continuation) {
        let watchdog = DispatchSource.makeTimerSource(queue: .global())
        watchdog.schedule(deadline: .now() + client.idleTimeout / 4, repeating: client.idleTimeout / 4)
        watchdog.setEventHandler { [self] in
            let silent = lock.withLock { () -> Bool in
                wentSilent = Double(DispatchTime.now().uptimeNanoseconds - lastActivity.uptimeNanoseconds) / 1e9 > client.idleTimeout
                return wentSilent
            }
            if silent { close() }
        }
        watchdog.resume()
        defer { watchdog.cancel() }
        // An event waits for room in the budget, which also stops the reading; the idle
        // watchdog does not count that wait as the server's silence.
        let outcome = Result {
            try stream { event in
                guard budget.reserve(event.data.utf8.count) else { return false }
                lock.withLock { lastActivity = .now() }
                continuation.yield(event)
                return true
            }
        }
        if lock.withLock({ wentSilent }) {
            continuation.finish(throwing: HTTPClientError(.timedOut, "the event stream was silent for \(client.idleTimeout) seconds"))
        } else if case .failure(let error) = outcome {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
    }

    /// Reads the stream, handing each event to `yield` until it says stop.
    private func stream(_ yield: (StreamEvent) -> Bool) throws {
        let (target, bytes) = try request.encoded()
        let tcp = try target.connect(timeout: client.connectTimeout)
        let alreadyClosed = lock.withLock { () -> Bool in
            self.tcp = tcp
            lastActivity = .now()
            return closed
        }
        defer { tcp.close() }
        guard !alreadyClosed else { return }
        let connection = try target.secured(tcp, caFile: client.caFile)
        try connection.write(bytes)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var body: BodyReader?
        var events = StreamEventParser(maximumEventSize: client.maximumEventSize)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer throws(SocketError) in try connection.read(into: buffer) }
            guard count > 0 else {
                if lock.withLock({ closed }) { return }
                guard body != nil else { throw HTTPClientError(.closed, "the server closed the connection before answering") }
                return
            }
            lock.withLock { lastActivity = .now() }
            if var reader = body {
                for event in try events.parse(try reader.decode(chunk[0..<count])) { guard yield(event) else { return } }
                body = reader
                continue
            }
            received += chunk[0..<count]
            guard let (headBytes, rest) = try HTTPResponseHead.split(received[...]) else { continue }
            let head = try HTTPResponseHead(headBytes)
            guard head.status == 200, head.headers["content-type"]?.lowercased().hasPrefix("text/event-stream") == true else {
                throw HTTPClientError(.unexpectedStatus, "\(target.host):\(target.port) answered \(head.status) "
                    + "(\(head.headers["content-type"] ?? "no content type")) instead of an event stream")
            }
            var reader = try BodyReader(head: head)
            for event in try events.parse(try reader.decode(rest)) { guard yield(event) else { return } }
            body = reader
        }
    }
}
