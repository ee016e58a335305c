import COpenSSL
import Essentials
import FoundationEssentials
import Glibc

/// TLS over a TCP connection through OpenSSL, with certificate and host name verification
/// always on and SNI sent.
///
/// OpenSSL forbids using one connection from two threads at once, so every call into it holds
/// `lock`; the socket is non-blocking and waiting for data happens in `poll`, outside the lock,
/// so a blocked reader never holds up a writer. OpenSSL is loaded on the first TLS connection
/// (`hc_tls()` in the shim), so a process that never speaks TLS does not carry it.
final class TLSStream: ByteStream, @unchecked Sendable {
    private let tcp: TCPStream
    private let api: hc_tls_api
    private let context: OpaquePointer
    private let connection: OpaquePointer
    private let lock = Lock()

    /// Performs the TLS handshake for `host`, trusting the system's CAs or only those in `caFile`.
    init(tcp: TCPStream, host: String, caFile: String?) throws(SocketError) {
        _ = Self.brokenPipesIgnored
        self.tcp = tcp
        guard let loaded = hc_tls() else { throw SocketError(.connectionFailed, String(cString: hc_tls_error())) }
        let api = loaded.pointee
        self.api = api
        guard let context = api.SSL_CTX_new(api.TLS_client_method()) else { throw Self.failure("cannot create a TLS context", api) }
        self.context = context
        api.SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        hc_ssl_ctx_set_min_tls12(loaded, context)
        let trusted = caFile.map { api.SSL_CTX_load_verify_locations(context, $0, nil) } ?? api.SSL_CTX_set_default_verify_paths(context)
        guard trusted == 1 else {
            api.SSL_CTX_free(context)
            throw Self.failure("cannot load the CA certificates\(caFile.map { " from \($0)" } ?? "")", api)
        }
        guard let connection = api.SSL_new(context) else {
            api.SSL_CTX_free(context)
            throw Self.failure("cannot create a TLS connection", api)
        }
        self.connection = connection
        hc_ssl_accept_moving_write_buffer(loaded, connection)
        _ = api.SSL_set_fd(connection, tcp.descriptor)
        // The identity to check: an address literal (as inet_pton reads one; "2130706433" is
        // not one, so it is checked as a name and matches no certificate), else a name. When it
        // cannot be set, the handshake does not start: no connection without an identity check.
        let identitySet: Bool
        if Self.isAddressLiteral(host) {
            identitySet = api.X509_VERIFY_PARAM_set1_ip_asc(api.SSL_get0_param(connection), host) == 1
        } else {
            hc_ssl_set_server_name(loaded, connection, host)
            identitySet = api.SSL_set1_host(connection, host) == 1
        }
        guard identitySet else { throw SocketError(.connectionFailed, "TLS with \(host): the identity to verify cannot be set") }
        let status = api.SSL_connect(connection)
        guard status == 1 else {
            let verification = api.SSL_get_verify_result(connection)
            let reason = verification == X509_V_OK
                ? Self.openSSLError(api) : (api.X509_verify_cert_error_string(verification).map { String(cString: $0) } ?? "error \(verification)")
            // Every stored property is set, so deinit runs and frees the connection and context.
            throw SocketError(.connectionFailed, "TLS handshake with \(host) failed: \(reason)")
        }
        _ = fcntl(tcp.descriptor, F_SETFL, fcntl(tcp.descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// OpenSSL writes to the socket with write(2), which raises SIGPIPE when the peer is gone (or
    /// the connect deadline closed the socket mid-handshake), and SIGPIPE's default ends the
    /// process. Once TLS is used, a broken pipe is an error to handle: the signal is ignored,
    /// unless the program had already chosen a handler of its own.
    private static let brokenPipesIgnored: Void = {
        let previous = signal(SIGPIPE, SIG_IGN)
        if let previous, unsafeBitCast(previous, to: Int.self) != 0 { signal(SIGPIPE, previous) }
    }()

    /// Whether `host` is an IPv4 or IPv6 address in the standard text form.
    static func isAddressLiteral(_ host: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
    }

    deinit {
        api.SSL_free(connection)
        api.SSL_CTX_free(context)
    }

    /// Reads record after record until `buffer` is full or none is left to read without waiting
    /// (SSL_read gives one record at a time, and a short count has to mean "no more for now").
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int {
        guard let start = buffer.baseAddress else { return 0 }
        var total = 0
        while true {
            let room = Int32(min(buffer.count - total, Int(Int32.max)))
            let (count, error) = lock.withLock { () -> (Int32, Int32) in
                let count = api.SSL_read(connection, start + total, room)
                return (count, api.SSL_get_error(connection, count))
            }
            if count > 0 {
                total += Int(count)
                if total == buffer.count { return total }
                continue
            }
            // What was there is read; an end or a failure after it is the next call's to report.
            if total > 0 { return total }
            switch error {
            case SSL_ERROR_WANT_READ: guard wait(for: Int16(POLLIN)) else { return 0 }
            case SSL_ERROR_WANT_WRITE: guard wait(for: Int16(POLLOUT)) else { return 0 }
            case SSL_ERROR_ZERO_RETURN: return 0
            case SSL_ERROR_SYSCALL where errno == 0 || errno == EBADF: return 0
            default: throw SocketError(.closed, "TLS read failed: \(Self.openSSLError(api))")
            }
        }
    }

    func write(_ bytes: [UInt8]) throws(SocketError) {
        var offset = 0
        while offset < bytes.count {
            let (count, error) = lock.withLock { () -> (Int32, Int32) in
                let count = bytes[offset...].withUnsafeBytes { api.SSL_write(connection, $0.baseAddress, Int32($0.count)) }
                return (count, api.SSL_get_error(connection, count))
            }
            if count > 0 {
                offset += Int(count)
                continue
            }
            switch error {
            case SSL_ERROR_WANT_WRITE: guard wait(for: Int16(POLLOUT)) else { throw SocketError(.closed, "the connection closed") }
            case SSL_ERROR_WANT_READ: guard wait(for: Int16(POLLIN)) else { throw SocketError(.closed, "the connection closed") }
            default: throw SocketError(.closed, "TLS write failed: \(Self.openSSLError(api))")
            }
        }
    }

    func close() {
        lock.withLock { _ = api.SSL_shutdown(connection) }
        tcp.close()
    }

    /// Waits until the socket is ready; false once it was closed or failed.
    private func wait(for events: Int16) -> Bool {
        var descriptor = pollfd(fd: tcp.descriptor, events: events, revents: 0)
        while true {
            let status = poll(&descriptor, 1, 1_000)
            if status > 0 { return descriptor.revents & Int16(POLLNVAL | POLLERR) == 0 }
            if status < 0 && errno != EINTR { return false }
            if tcp.isClosed { return false }
        }
    }

    private static func failure(_ message: String, _ api: hc_tls_api) -> SocketError {
        SocketError(.connectionFailed, "\(message): \(openSSLError(api))")
    }

    private static func openSSLError(_ api: hc_tls_api) -> String {
        let code = api.ERR_get_error()
        guard code != 0 else { return "no detail from OpenSSL" }
        var buffer = [UInt8](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { api.ERR_error_string_n(code, $0.baseAddress, $0.count) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
}
