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

    /// Creates options; the defaults accept messages up to 64 MiB, buffer up to 8 MiB for a slow
    /// consumer, and offer compression.
    public init(
        maximumMessageSize: Int = 64 << 20, compression: Bool = true, caFile: String? = nil, connectTimeout: Double = 10,
        maximumBufferedBytes: Int = 256 << 10
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.maximumBufferedBytes = maximumBufferedBytes
        self.compression = compression
        self.caFile = caFile
        self.connectTimeout = connectTimeout
    }
}
