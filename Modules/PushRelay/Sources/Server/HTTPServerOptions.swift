import Foundation

/// How the relay's HTTP server listens and what it allows.
public struct HTTPServerOptions: Sendable, Equatable {
    /// The IPv4 or IPv6 address to bind; 127.0.0.1 unless configured. `::` listens on every
    /// address of both (dual stack), `0.0.0.0` on every IPv4 address.
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
    /// Bytes of unfinished requests all connections may hold together (each holds at most
    /// ``connectionInputLimit``); a connection whose client sends more while the server holds
    /// this much is answered 503 and closed.
    public var inputBudget = 64 << 20
    /// Proxies whose word about the client is taken: the rightmost untrusted `X-Forwarded-For`
    /// entry of their requests, or their PROXY protocol header, names the client that per-address
    /// limits count.
    public var trustedProxies = TrustedProxies()
    /// Whether a connection from a trusted proxy starts with a PROXY protocol header (v1 or v2),
    /// as it must then; a connection from anyone else never may.
    public var proxyProtocol = false
    /// The PEM certificate chain and key: with both set the server speaks TLS (1.2 or later)
    /// only, reloaded by ``HTTPServer/reloadCertificates()``.
    public var tlsCertificateFile: String?
    /// The TLS private key file (with `tlsCertificateFile`).
    public var tlsKeyFile: String?

    /// The most bytes of unfinished requests one connection holds: a body, a head or trailers
    /// beside it, and up to 4 KiB already read and not yet dropped (116 KiB with a 64-KiB body).
    public var connectionInputLimit: Int { HTTPRequestParser.heldLimit(bodyLimit: maximumBodySize) }

    /// The defaults above.
    public init() {}

    /// One loop per processor.
    public static var threadsPerProcessor: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
