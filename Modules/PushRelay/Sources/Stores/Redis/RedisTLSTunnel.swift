import CRelayCrypto
import CLinuxEvents
import Foundation

/// TLS to Redis for hiredis 0.14, which has none: a TCP connection with an OpenSSL client
/// session (the certificate checked against the system's CAs or the configured file, and
/// against the host name or IP address), and a socket pair whose one end hiredis reads and
/// writes as if it were Redis. A thread of its own pumps bytes between the pair and the TLS
/// connection until either side closes; closing ``localEnd`` (hiredis does, in `redisFree`) or
/// shutting it down ends the tunnel.
final class RedisTLSTunnel: @unchecked Sendable {
    /// The end hiredis takes (`redisConnectFd`); it closes it.
    let localEnd: Int32
    private let innerEnd: Int32
    private let remote: Int32
    private let context: OpaquePointer
    private let ssl: OpaquePointer

    init(_ address: RedisAddress, timeout: Int) throws {
        let remote = try Self.connect(host: address.host, port: address.port, timeout: timeout)
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            close(remote)
            throw RedisError("cannot make a TLS context")
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        let trusted = address.caFile.map { SSL_CTX_load_verify_locations(context, $0, nil) } ?? SSL_CTX_set_default_verify_paths(context)
        guard trusted == 1, relay_tls_client_configure(context) == 1, let ssl = SSL_new(context) else {
            SSL_CTX_free(context)
            close(remote)
            throw RedisError("cannot load the CAs for \(address)\(address.caFile.map { " from \($0)" } ?? "")")
        }
        // The name the certificate must carry: an IP address, or a host name (also sent as SNI).
        if IPAddress(address.host) != nil {
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), address.host)
        } else {
            SSL_set1_host(ssl, address.host)
            relay_tls_set_server_name(ssl, address.host)
        }
        SSL_set_fd(ssl, remote)
        var timeoutValue = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(remote, SOL_SOCKET, SO_RCVTIMEO, &timeoutValue, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(remote, SOL_SOCKET, SO_SNDTIMEO, &timeoutValue, socklen_t(MemoryLayout<timeval>.size))
        guard SSL_connect(ssl) == 1 else {
            let verification = SSL_get_verify_result(ssl)
            let reason = verification == X509_V_OK ? "the TLS handshake failed" : String(cString: X509_verify_cert_error_string(verification))
            ERR_clear_error()
            SSL_free(ssl)
            SSL_CTX_free(context)
            close(remote)
            throw RedisError("cannot reach \(address) over TLS: \(reason)")
        }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            SSL_free(ssl)
            SSL_CTX_free(context)
            close(remote)
            throw RedisError("cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        localEnd = pair[0]
        innerEnd = pair[1]
        self.remote = remote
        self.context = context
        self.ssl = ssl
        _ = fcntl(remote, F_SETFL, fcntl(remote, F_GETFL) | O_NONBLOCK)
        _ = fcntl(innerEnd, F_SETFL, fcntl(innerEnd, F_GETFL) | O_NONBLOCK)
        let thread = Thread { [self] in pump() }
        thread.name = "redis-tls"
        thread.start()
    }

    deinit {
        SSL_free(ssl)
        SSL_CTX_free(context)
        close(remote)
        close(innerEnd)
    }

    /// A TCP connection to `host`, within `timeout` seconds.
    private static func connect(host: String, port: Int, timeout: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { throw RedisError("cannot resolve \(host)") }
        defer { freeaddrinfo(found) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            if descriptor >= 0 {
                var timeoutValue = timeval(tv_sec: timeout, tv_usec: 0)
                setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeoutValue, socklen_t(MemoryLayout<timeval>.size))
                if Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                    var one: Int32 = 1
                    setsockopt(descriptor, SOL_SOCKET, SO_KEEPALIVE, &one, socklen_t(MemoryLayout<Int32>.size))
                    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    return descriptor
                }
                close(descriptor)
            }
            candidate = info.pointee.ai_next
        }
        throw RedisError("cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
    }

    /// Moves bytes both ways until one side closes: what hiredis writes goes out encrypted, what
    /// Redis sends comes back decrypted. Both sockets are non-blocking; poll says when to go on.
    private func pump() {
        var outgoing: [UInt8] = [], incoming: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        var waitsToWrite = false
        defer { SSL_shutdown(ssl) }
        while true {
            // hiredis -> Redis.
            if outgoing.isEmpty {
                let count = buffer.withUnsafeMutableBytes { read(innerEnd, $0.baseAddress, $0.count) }
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return }
                if count > 0 { outgoing = Array(buffer[..<count]) }
            }
            if !outgoing.isEmpty {
                var written = 0
                let done = outgoing.withUnsafeBytes { SSL_write_ex(ssl, $0.baseAddress, $0.count, &written) }
                if done == 1 {
                    outgoing.removeFirst(written)
                    waitsToWrite = false
                } else {
                    let error = SSL_get_error(ssl, done)
                    ERR_clear_error()
                    guard error == SSL_ERROR_WANT_WRITE || error == SSL_ERROR_WANT_READ else { return }
                    waitsToWrite = error == SSL_ERROR_WANT_WRITE
                }
            }
            // Redis -> hiredis.
            while incoming.count < 1 << 20 {
                var count = 0
                let done = buffer.withUnsafeMutableBytes { SSL_read_ex(ssl, $0.baseAddress, $0.count, &count) }
                if done == 1 {
                    incoming += buffer[..<count]
                    continue
                }
                let error = SSL_get_error(ssl, done)
                ERR_clear_error()
                guard error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE else { return }
                break
            }
            if !incoming.isEmpty {
                let count = incoming.withUnsafeBytes { write(innerEnd, $0.baseAddress, $0.count) }
                if count < 0 && errno != EAGAIN && errno != EINTR { return }
                if count > 0 { incoming.removeFirst(count) }
            }
            var watched = [
                pollfd(fd: remote, events: (incoming.count < 1 << 20 ? Int16(POLLIN) : 0) | (waitsToWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: innerEnd, events: (outgoing.isEmpty ? Int16(POLLIN) : 0) | (incoming.isEmpty ? 0 : Int16(POLLOUT)), revents: 0),
            ]
            // OpenSSL may hold decrypted bytes the socket will not announce.
            let wait: Int32 = SSL_pending(ssl) > 0 ? 0 : 1_000
            _ = poll(&watched, 2, wait)
            if watched.contains(where: { $0.revents & Int16(POLLERR | POLLNVAL) != 0 }) { return }
        }
    }
}
