import Foundation

/// A server-sent event stream held open for one client. Writers append events from any
/// thread; the HTTP server's event loop reads them out, and leaves the connection alone while
/// there is nothing to send (so no thread waits on an idle client) until an event wakes it.
///
/// What waits to be sent is bounded: a writer asks ``hasRoom`` before sending more, and the
/// stream calls its room handler once the client has read the backlog down. Reading consumes
/// from an offset, so draining a large backlog costs its size, not its square.
public final class EventStream: @unchecked Sendable {
    /// Bytes waiting for the client above which ``hasRoom`` is false.
    public static let highWater = 256 << 10

    // Guarded by `lock`.
    private var buffer: [UInt8] = []
    private var sent = 0
    private var closed = false
    private var idle = false
    private var full = false
    private var wake: (@Sendable () -> Void)?
    private var closeHandlers: [@Sendable () -> Void] = []
    private var roomHandler: (@Sendable () -> Void)?
    private let lock = NSLock()

    /// An open stream with nothing sent yet.
    public init() {}

    /// Sends `event` as one SSE event (`event:` name optional, `data:` lines, `id:` optional).
    /// Returns false when the stream is closed.
    @discardableResult
    public func send(_ event: ServerSentEvent) -> Bool {
        append(event.encoded)
    }

    /// Sends an SSE comment, which keeps proxies from timing out and finds dead clients.
    @discardableResult
    public func sendKeepAlive() -> Bool {
        append(Array(": keep-alive\n\n".utf8))
    }

    /// Whether the client has read enough of what was sent for more to be worth sending.
    public var hasRoom: Bool {
        lock.withLock {
            full = buffer.count - sent >= Self.highWater
            return !full
        }
    }

    /// Runs `handler` whenever the client has read everything a writer held back for.
    func onRoom(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { roomHandler = handler }
    }

    /// Ends the stream; the client sees the end of the response.
    public func close() {
        let handlers = lock.withLock { () -> [@Sendable () -> Void] in
            guard !closed else { return [] }
            closed = true
            roomHandler = nil
            wakeLocked()
            wake = nil
            defer { closeHandlers = [] }
            return closeHandlers
        }
        for handler in handlers { handler() }
    }

    /// Runs `handler` once when the stream closes (by either side).
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock { () -> Bool in
            if closed { return true }
            closeHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    /// Whether the client went away or the stream was closed.
    public var isClosed: Bool { lock.withLock { closed } }

    private func append(_ bytes: [UInt8]) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            buffer += bytes
            wakeLocked()
            return true
        }
    }

    private func wakeLocked() {
        if idle, let wake {
            idle = false
            wake()
        }
    }

    /// Binds the stream to its connection, before the server reads from it: `wake` runs when
    /// there is something to read (or the end) after a read found nothing.
    func attach(wake: @escaping @Sendable () -> Void) {
        lock.withLock { self.wake = wake }
    }

    /// The server's read: up to `maximum` bytes, 0 when nothing waits (the wake handler runs
    /// once something does), or nil at the end.
    func read(into destination: UnsafeMutableRawPointer, maximum: Int) -> Int? {
        let (count, room) = lock.withLock { () -> (Int?, (@Sendable () -> Void)?) in
            if sent == buffer.count {
                if closed { return (nil, nil) }
                idle = true
                return (0, nil)
            }
            let count = min(maximum, buffer.count - sent)
            buffer.withUnsafeBytes { source in
                guard let start = source.baseAddress else { return }
                destination.copyMemory(from: start + sent, byteCount: count)
            }
            sent += count
            if sent == buffer.count {
                buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
                sent = 0
            } else if sent >= 64 << 10 && sent * 2 >= buffer.count {
                buffer.removeFirst(sent)
                sent = 0
            }
            guard full, buffer.count - sent < Self.highWater / 4 else { return (count, nil) }
            full = false
            return (count, roomHandler)
        }
        room?()
        return count
    }
}
