import CMicroHTTPD
import Foundation

/// The relay's HTTP/1.1 server, on libmicrohttpd: keep-alive, a thread pool polling with
/// epoll, idle and slow connections closed after the timeout, a body size limit (413 without
/// reading the rest), a deadline for each whole request and a limit of connections per IP
/// address, and event streams that hold no thread while idle.
///
/// `handler` runs on the pool's threads with the whole request; `rejected` hears of the
/// requests the server answers itself (413).
public final class HTTPServer: @unchecked Sendable {
    public let port: Int
    private let core: HTTPServerCore
    private var daemon: OpaquePointer?
    private let lock = NSLock()

    public init(
        options: HTTPServerOptions, rejected: @escaping @Sendable (Int) -> Void = { _ in },
        handler: @escaping @Sendable (RelayRequest) -> HTTPReply
    ) throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(options.port).bigEndian
        guard inet_pton(AF_INET, options.host, &address.sin_addr) == 1 else {
            throw HTTPServerError(message: "'\(options.host)' is not an IPv4 address to listen on")
        }
        let core = HTTPServerCore(options: options, rejected: rejected, handler: handler)
        let context = Unmanaged.passUnretained(core).toOpaque()
        let daemon = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                hc_mhd_start(
                    generic, UInt32(options.threads), UInt32(options.connectionTimeout), UInt32(options.connectionLimit),
                    UInt32(options.connectionsPerAddress), HTTPServerCore.accessHandler, HTTPServerCore.completedHandler,
                    HTTPServerCore.connectionHandler, context
                )
            }
        }
        guard let daemon else {
            core.deadlines.stop()
            throw HTTPServerError(message: "cannot listen on \(options.host):\(options.port): \(String(cString: strerror(errno)))")
        }
        self.core = core
        self.daemon = daemon
        port = Int(hc_mhd_port(daemon))
    }

    /// Closes every event stream and stops listening; requests in flight finish first.
    public func stop() {
        let daemon = lock.withLock { () -> OpaquePointer? in
            defer { self.daemon = nil }
            return self.daemon
        }
        guard let daemon else { return }
        // Suspended connections must be resumed before the daemon stops.
        core.closeStreams()
        MHD_stop_daemon(daemon)
        core.deadlines.stop()
    }

    deinit { stop() }
}
