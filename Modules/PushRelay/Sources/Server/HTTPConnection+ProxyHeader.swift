import Foundation

extension HTTPConnection {
    /// Reads the PROXY protocol header a trusted proxy sends first, and not one byte past it:
    /// what follows is the client's (HTTP, or a TLS handshake). Looks at what waits without
    /// taking it, then takes only header bytes. A connection whose header is malformed (or
    /// missing) is counted as a 400 and closed.
    func readProxyHeader() {
        guard let header = proxyHeader, let base = loop.scratch.baseAddress else { return }
        let peeked = recv(socket, base, ProxyHeader.maximumLength - header.count, Int32(MSG_PEEK))
        guard peeked > 0 else {
            if peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
            return close()
        }
        let seen = header + UnsafeRawBufferPointer(start: base, count: peeked)
        switch ProxyHeader.parse(seen) {
        case .incomplete:
            // Everything seen belongs to the header.
            take(peeked, after: header)
        case .complete(let length, let named):
            take(length - header.count, after: header)
            guard proxyHeader?.count == length else { return }
            proxyHeader = nil
            if let named { serve(named) }
            if !isClosed { startTLS() }
        case .invalid:
            core.rejected(400)
            close()
        }
    }

    /// Reads `count` bytes known to be waiting and adds them to the header.
    private func take(_ count: Int, after header: [UInt8]) {
        guard count > 0, let base = loop.scratch.baseAddress else { return }
        let read = recv(socket, base, count, 0)
        guard read > 0 else { return close() }
        proxyHeader = header + UnsafeRawBufferPointer(start: base, count: read)
    }
}
