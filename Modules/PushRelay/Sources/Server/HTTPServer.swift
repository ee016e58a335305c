import Foundation
import CLinuxEvents

/// The relay's HTTP/1.1 server, on epoll: a few event loops (``HTTPServerOptions/threads``)
/// share one listening socket; keep-alive and pipelining, `100 Continue`, chunked request
/// bodies; idle connections closed after the timeout, an absolute deadline per request that a
/// trickling client cannot push back, a body size limit answered with 413 from the declared
/// length before the body is read, limits on connections in total and per IP address; and
/// event streams and deferred answers that hold no thread while they wait: another thread
/// hands the connection back to its loop, which answers it. IPv4 or IPv6 (dual stack on `::`),
/// TLS with certificates reloaded on demand, and clients named by trusted proxies
/// (`X-Forwarded-For`, the PROXY protocol).
///
/// `handler` runs on the loops' threads with the whole request; `rejected` hears of the
/// requests the server answers itself (400, 408, 413, 417, 431, 501, 505).
public final class HTTPServer: @unchecked Sendable {
    /// The port it listens on (the one the system chose, when 0 was asked).
    public let port: Int
    private let listener: Int32
    private let loops: [EventLoop]
    private let certificates: TLSCertificates?
    private let lock = NSLock()
    private var stopped = false

    /// Binds `options.host`:`options.port` and starts the event loops; `handler` answers each request on its connection's loop.
    public init(
        options: HTTPServerOptions, rejected: @escaping @Sendable (Int) -> Void = { _ in },
        handler: @escaping @Sendable (RelayRequest) -> HTTPReply
    ) throws {
        var certificates: TLSCertificates?
        switch (options.tlsCertificateFile, options.tlsKeyFile) {
        case (let certificate?, let key?): certificates = try TLSCertificates(certificateFile: certificate, keyFile: key)
        case (nil, nil): certificates = nil
        default: throw HTTPServerError(message: "TLS needs both a certificate file and a key file")
        }
        let listener = try Self.listen(host: options.host, port: options.port)
        let core = HTTPServerCore(options: options, certificates: certificates, rejected: rejected, handler: handler)
        var loops: [EventLoop] = []
        do {
            for _ in 0..<max(1, options.threads ?? HTTPServerOptions.threadsPerProcessor) { loops.append(try EventLoop(core: core, listener: listener.socket)) }
        } catch {
            close(listener.socket)
            throw error
        }
        self.listener = listener.socket
        self.loops = loops
        self.certificates = certificates
        port = listener.port
        for loop in loops { loop.peers = loops }
        for loop in loops { loop.start() }
    }

    /// Whether the server speaks TLS.
    public var usesTLS: Bool { certificates != nil }

    /// Loads the certificate and key files again (after a renewal): new connections get them,
    /// open ones go on with the old. A failure leaves the old in use. Nothing to do without TLS.
    public func reloadCertificates() throws {
        try certificates?.reload()
    }

    /// A non-blocking socket listening on `host` (IPv4 or IPv6; `::` takes IPv4 clients too) and
    /// `port` (0: a free one), with the port it got.
    private static func listen(host: String, port: Int) throws -> (socket: Int32, port: Int) {
        guard let ip = IPAddress(host) else { throw HTTPServerError(message: "'\(host)' is not an IPv4 or IPv6 address to listen on") }
        let (socketAddress, length) = ip.socketAddress(port: port)
        var address = socketAddress
        let family = Int32(address.ss_family)
        let listener = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw HTTPServerError(message: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1, zero: Int32 = 0
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // Dual stack whatever the system's default (net.ipv6.bindv6only).
        if family == AF_INET6 { setsockopt(listener, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &zero, socklen_t(MemoryLayout<Int32>.size)) }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(length)) }
        }
        guard bound == 0, Glibc.listen(listener, 1024) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            throw HTTPServerError(message: "cannot listen on \(host) port \(port): \(reason)")
        }
        var local = sockaddr_storage()
        var localLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &localLength) }
        }
        // sin_port and sin6_port sit at the same offset.
        let boundPort = withUnsafeBytes(of: local) { UInt16($0[2]) << 8 | UInt16($0[3]) }
        return (listener, Int(boundPort))
    }

    /// Stops listening and closes every connection (event streams end); a request being handled
    /// finishes first, answers still deferred are dropped.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        for loop in loops { loop.stop() }
        close(listener)
    }

    deinit { stop() }
}
