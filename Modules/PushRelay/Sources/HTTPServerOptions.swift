import Foundation

/// How the relay's HTTP server listens and what it allows.
public struct HTTPServerOptions: Sendable, Equatable {
    /// The IPv4 address to bind; 127.0.0.1 unless configured.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port = 8080
    /// Threads answering requests; nil: one per processor (for handlers that never block, more
    /// loops than processors only switch between each other).
    public var threads: Int?

    /// Seconds a connection may stay idle before it is closed.
    public var connectionTimeout = 10
    /// Seconds a request may take from its first byte (or the end of the one before it on a
    /// kept-alive connection) to its answer, however steadily it trickles; event streams are
    /// exempt once open.
    public var requestDeadline = 30
    /// Connections served at once; more are refused.
    public var connectionLimit = 1024
    /// Connections served at once from one IP address.
    public var connectionsPerAddress = 64
    /// The largest request body read; larger ones are answered with 413 unread.
    public var maximumBodySize = 64 << 10

    public init() {}

    /// One loop per processor.
    public static var threadsPerProcessor: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
