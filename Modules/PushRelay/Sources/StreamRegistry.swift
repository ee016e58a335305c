import Foundation

/// The event streams open on this process, by push token.
public final class StreamRegistry: @unchecked Sendable {
    // Guarded by `lock`.
    private var streams: [String: [EventStream]] = [:]
    private let lock = NSLock()

    public init() {}

    /// Keeps `stream` for `token` until it closes.
    func add(_ stream: EventStream, for token: String) {
        lock.withLock { streams[token, default: []].append(stream) }
        stream.onClose { [weak self] in self?.remove(stream, from: token) }
    }

    /// Sends `event` to `token`'s open streams; false when none took it.
    func send(_ event: ServerSentEvent, to token: String) -> Bool {
        let open = lock.withLock { streams[token] ?? [] }
        return open.map { $0.send(event) }.contains(true)
    }

    func hasStreams(for token: String) -> Bool {
        lock.withLock { !(streams[token] ?? []).isEmpty }
    }

    /// Sends a keep-alive comment on every stream, which also finds clients that went away.
    public func keepAlive() {
        let all = lock.withLock { streams.values.flatMap { $0 } }
        for stream in all where !stream.sendKeepAlive() { stream.close() }
    }

    public var count: Int { lock.withLock { streams.values.reduce(0) { $0 + $1.count } } }

    private func remove(_ stream: EventStream, from token: String) {
        lock.withLock {
            streams[token]?.removeAll { $0 === stream }
            if streams[token]?.isEmpty == true { streams[token] = nil }
        }
    }
}
