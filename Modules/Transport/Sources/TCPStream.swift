import Essentials
import FoundationEssentials
import Glibc

/// A TCP connection over POSIX sockets.
final class TCPStream: ByteStream, @unchecked Sendable {
    /// The socket. Read from one thread; `close` may come from another, so the number stays
    /// taken until the stream goes away (see ``close()``).
    let descriptor: Int32
    private let lock = Lock()
    private var closed = false

    /// Resolves `host` and connects to the first address that answers within `timeout` seconds.
    init(host: String, port: Int, timeout: Double) throws(SocketError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw SocketError(.connectionFailed, "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(results) }
        var lastError = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let socket = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard socket >= 0 else { continue }
            var seconds = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
            if connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                var one: Int32 = 1
                setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                descriptor = socket
                return
            }
            lastError = String(cString: strerror(errno))
            Glibc.close(socket)
        }
        throw SocketError(.connectionFailed, "cannot connect to \(host):\(port): \(lastError)")
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            if lock.withLock({ closed }) { return 0 }
            throw SocketError(.closed, "reading failed: \(String(cString: strerror(errno)))")
        }
    }

    func write(_ bytes: [UInt8]) throws(SocketError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SocketError(.closed, "writing failed: \(String(cString: strerror(errno)))")
            }
            offset += count
        }
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool { lock.withLock { closed } }

    /// Ends the connection both ways; a reader waiting in `recv` wakes with the end.
    ///
    /// The descriptor is released only in `deinit`, once no thread can still use it. Releasing it
    /// here would hand its number to the next socket the process opens, and a reader or writer of
    /// this stream that had not yet noticed the close would then read or write that connection.
    func close() {
        let first = lock.withLock { () -> Bool in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    deinit { Glibc.close(descriptor) }
}
