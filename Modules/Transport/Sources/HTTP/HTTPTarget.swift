import FoundationEssentials

/// Where an HTTP request goes, taken apart from its URL: host, port, TLS or not, and the
/// origin-form request target (path and query, still percent-encoded).
struct HTTPTarget: Sendable, Equatable {
    let host: String
    let port: Int
    let secure: Bool
    let requestPath: String

    /// Reads `url` with `URL`'s own accessors, which (unlike `URLComponents`) never load ICU.
    init(_ url: URL) throws(HTTPClientError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPClientError(.invalidRequest, "'\(url.absoluteString.prefix(200))' is not an http:// or https:// URL")
        }
        guard var host = url.host(percentEncoded: true), !host.isEmpty else {
            throw HTTPClientError(.invalidRequest, "'\(url.absoluteString.prefix(200))' has no host")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        secure = scheme == "https"
        self.host = host
        port = url.port ?? (secure ? 443 : 80)
        guard (1...65_535).contains(port) else { throw HTTPClientError(.invalidRequest, "port \(port) is out of range") }
        let path = url.path(percentEncoded: true).isEmpty ? "/" : url.path(percentEncoded: true)
        requestPath = url.query(percentEncoded: true).map { path + "?" + $0 } ?? path
    }

    /// A TCP connection to the target; a failure is `connectionFailed`.
    func connect(timeout: Double) throws(HTTPClientError) -> TCPStream {
        do {
            return try TCPStream(host: host, port: port, timeout: timeout)
        } catch {
            throw HTTPClientError(.connectionFailed, error.message)
        }
    }

    /// `tcp` with TLS on top when the target is https; a failed handshake is `connectionFailed`.
    func secured(_ tcp: TCPStream, caFile: String?) throws(HTTPClientError) -> any ByteStream {
        guard secure else { return tcp }
        do {
            return try TLSStream(tcp: tcp, host: host, caFile: caFile)
        } catch {
            throw HTTPClientError(.connectionFailed, error.message)
        }
    }

    /// The `Host` header: the host (bracketed when it is an IPv6 address) and the port.
    var hostHeader: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}
