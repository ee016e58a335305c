import Synchronization

/// What every event loop of one ``HTTPServer`` shares: the options, the handler, who hears of
/// the answers the server gives itself, the count of open connections, the proxies trusted, the
/// TLS certificate, and whose turn it is to serve the next one.
final class HTTPServerCore: Sendable {
    let options: HTTPServerOptions
    let handler: @Sendable (RelayRequest) -> HTTPReply
    let rejected: @Sendable (Int) -> Void
    let admission: ConnectionAdmission
    /// ``HTTPServerOptions/requestDeadline`` and ``HTTPServerOptions/connectionTimeout`` in nanoseconds.
    let requestDeadline: UInt64
    let idleTimeout: UInt64
    /// Bytes a connection may hold before it is read no further: a body, a head, the trailers or
    /// the chunk-size line that may wait beside it, and what was read but not yet dropped.
    let inputLimit: Int
    /// What the connections hold together.
    let inputBudget: InputBudget
    let trustedProxies: TrustedProxies
    /// Set when the server speaks TLS.
    let certificates: TLSCertificates?
    let nextLoop = Atomic<UInt>(0)

    init(
        options: HTTPServerOptions, certificates: TLSCertificates?, rejected: @escaping @Sendable (Int) -> Void,
        handler: @escaping @Sendable (RelayRequest) -> HTTPReply
    ) {
        self.options = options
        self.certificates = certificates
        trustedProxies = options.trustedProxies
        self.rejected = rejected
        self.handler = handler
        admission = ConnectionAdmission(total: options.connectionLimit, perAddress: options.connectionsPerAddress)
        requestDeadline = UInt64(max(1, options.requestDeadline)) * 1_000_000_000
        idleTimeout = UInt64(max(1, options.connectionTimeout)) * 1_000_000_000
        inputLimit = options.connectionInputLimit
        inputBudget = InputBudget(limit: options.inputBudget)
    }
}
