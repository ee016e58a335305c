import Essentials
import FoundationEssentials

/// Holds a server-sent event stream (`text/event-stream`) open over HTTP/1.1, on the same
/// sockets and TLS as ``HTTPClient``, and hands its events over as an `AsyncThrowingStream`.
/// The stream ends when the server closes it, fails with the reason otherwise; cancelling the
/// consuming task closes the connection. Reconnecting is the caller's choice.
public struct EventStreamClient: Sendable {
    /// Trust only the CAs in this PEM file instead of the system's.
    public var caFile: String?
    /// Seconds allowed for connecting.
    public var connectTimeout: Double
    /// Seconds without a byte (event or keep-alive comment) after which the stream counts as dead.
    public var idleTimeout: Double
    /// The largest event accepted.
    public var maximumEventSize: Int
    /// Bytes of events read but not yet taken before reading pauses.
    public var maximumBufferedBytes: Int

    public init(
        caFile: String? = nil, connectTimeout: Double = 10, idleTimeout: Double = 60, maximumEventSize: Int = 64 << 10,
        maximumBufferedBytes: Int = 1 << 20
    ) {
        self.maximumBufferedBytes = maximumBufferedBytes
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.maximumEventSize = maximumEventSize
    }

    /// The events of `url`, asked for with `headers` (such as `Authorization`).
    public func events(from url: URL, headers: [(name: String, value: String)] = []) -> StreamEvents {
        let budget = ReadBudget(limit: maximumBufferedBytes)
        let connection = EventStreamConnection(
            client: self, request: HTTPRequest("GET", url, headers: headers + [("Accept", "text/event-stream")]), budget: budget
        )
        let stream = AsyncThrowingStream<StreamEvent, any Error> { continuation in
            continuation.onTermination = { _ in
                budget.cancel()
                connection.close()
            }
            do {
                try DetachedThread.start { connection.run(continuation) }
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return StreamEvents(stream: stream, budget: budget)
    }
}
