import CRelayCrypto

/// One connection's TLS over its non-blocking socket, server side: the handshake runs inside
/// the first reads and writes. Only the connection's loop thread uses it.
final class TLSSession {
    private let ssl: OpaquePointer
    /// Whether the last read or write could not go on until the socket is writable (a handshake
    /// message that did not fit the send buffer).
    private(set) var waitsForWritable = false

    init?(context: OpaquePointer, socket: Int32) {
        guard let ssl = SSL_new(context) else { return nil }
        guard SSL_set_fd(ssl, socket) == 1 else {
            SSL_free(ssl)
            return nil
        }
        SSL_set_accept_state(ssl)
        self.ssl = ssl
    }

    deinit { SSL_free(ssl) }

    /// Decrypted bytes already read from the socket that no read took yet: the socket will not
    /// say it is readable for them.
    var hasBufferedInput: Bool { SSL_pending(ssl) > 0 }

    /// Reads at most `maximum` bytes: how many (0 when nothing is ready), or nil when the
    /// client closed or the session failed.
    func read(into buffer: UnsafeMutableRawPointer, maximum: Int) -> Int? {
        var count = 0
        let done = SSL_read_ex(ssl, buffer, maximum, &count)
        return done == 1 ? settled(count) : blocked(SSL_get_error(ssl, done))
    }

    /// Writes from `bytes`: how many went (0 when the socket is full), or nil when the session failed.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var count = 0
        let done = SSL_write_ex(ssl, bytes.baseAddress, bytes.count, &count)
        return done == 1 ? settled(count) : blocked(SSL_get_error(ssl, done))
    }

    /// Sends the close_notify alert (once; a full socket only loses the alert).
    func close() {
        if SSL_get_shutdown(ssl) & Int32(SSL_SENT_SHUTDOWN) == 0 { _ = SSL_shutdown(ssl) }
        ERR_clear_error()
    }

    private func settled(_ count: Int) -> Int {
        waitsForWritable = false
        return count
    }

    /// 0 when the operation waits for the socket, nil when the session is over.
    private func blocked(_ error: Int32) -> Int? {
        ERR_clear_error()
        switch error {
        case SSL_ERROR_WANT_READ:
            waitsForWritable = false
            return 0
        case SSL_ERROR_WANT_WRITE:
            waitsForWritable = true
            return 0
        default:
            return nil
        }
    }
}
