import Foundation
import CLinuxEvents

/// The relay's HTTP/1.1 server, on epoll: a few event loops (``HTTPServerOptions/threads``)
/// share one listening socket; keep-alive and pipelining, `100 Continue`, chunked request
/// bodies; idle connections closed after the timeout, an absolute deadline per request that a
/// trickling client cannot push back, a body size limit answered with 413 from the declared
/// length before the body is read, limits on connections in total and per IP address; and
/// event streams and deferred answers that hold no thread while they wait: another thread
/// hands the connection back to its loop, which answers it.
///
/// `handler` runs on the loops' threads with the whole request; `rejected` hears of the
/// requests the server answers itself (400, 408, 413, 417, 431, 501, 505).
public final class HTTPServer: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let loops: [EventLoop]
    private let lock = NSLock()
    private var stopped = false

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
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw HTTPServerError(message: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 1024) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            throw HTTPServerError(message: "cannot listen on \(options.host):\(options.port): \(reason)")
        }
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let core = HTTPServerCore(options: options, rejected: rejected, handler: handler)
        var loops: [EventLoop] = []
        do {
            for _ in 0..<max(1, options.threads ?? HTTPServerOptions.threadsPerProcessor) { loops.append(try EventLoop(core: core, listener: listener)) }
        } catch {
            close(listener)
            throw error
        }
        self.listener = listener
        self.loops = loops
        port = Int(UInt16(bigEndian: local.sin_port))
        for loop in loops { loop.peers = loops }
        for loop in loops { loop.start() }
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
