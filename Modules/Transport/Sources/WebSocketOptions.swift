/// How a ``WebSocketClient`` connects and what it accepts.
public struct WebSocketOptions: Sendable {
    /// The largest message accepted, after decompression; a larger one fails with close code 1009.
    public var maximumMessageSize: Int
    /// Whether to offer permessage-deflate.
    public var compression: Bool
    /// A PEM file of CA certificates to trust instead of the system's, for `wss://`.
    public var caFile: String?
    /// Seconds allowed for the TCP connection, TLS and the WebSocket upgrade together.
    public var connectTimeout: Double
    /// Bytes of messages read but not yet taken by the consumer before reading pauses.
    public var maximumBufferedBytes: Int
    /// Seconds the reader waits, after a read that emptied the socket and once what it read is
    /// handled, before it reads again (at most ``maximumReadLinger``; 0: not at all). Messages a
    /// busy server sends back to back are then read many to a wake-up instead of one each,
    /// which costs a client far less CPU; a message that arrives while the reader lingers
    /// waits at most this long, and one that arrives later does not wait for it.
    public var readLinger: Double

    /// The longest ``readLinger`` honoured: a linger is for gathering frames, not for pacing.
    public static let maximumReadLinger = 0.01

    /// Creates options; the defaults accept messages up to 64 MiB, buffer up to 256 KiB for a
    /// slow consumer, offer compression, and linger 0.2 ms after a read that empties the socket.
    public init(
        maximumMessageSize: Int = 64 << 20, compression: Bool = true, caFile: String? = nil, connectTimeout: Double = 10,
        maximumBufferedBytes: Int = 256 << 10, readLinger: Double = 0.000_2
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.maximumBufferedBytes = maximumBufferedBytes
        self.readLinger = readLinger
        self.compression = compression
        self.caFile = caFile
        self.connectTimeout = connectTimeout
    }
}
