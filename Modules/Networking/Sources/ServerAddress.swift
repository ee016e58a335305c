import FoundationEssentials
import Transport

/// The base URL of a Home Assistant server, and the API URLs derived from it.
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The base URL without a trailing slash, such as `http://127.0.0.1:8123`.
    public let baseURL: URL

    /// Parses a base URL: `http` or `https`, a host, an optional port and path,
    /// and no query, fragment or credentials; spaces, tabs and line ends around it are ignored.
    /// Only `URL`'s own accessors and bytes are used: `URLComponents` and its IDNA handling,
    /// `NSString`'s trimming or `Character`'s Unicode properties would map ICU, CoreFoundation or
    /// Unicode table pages, memory a small daemon keeps.
    public init(_ text: String) throws(ServerAddressError) {
        let bytes = Array(text.utf8)
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        guard let url = URL(string: String(decoding: bytes[start..<end], as: UTF8.self)), let scheme = url.scheme?.lowercased() else {
            throw ServerAddressError("'\(text)' is not a URL; use a form such as http://homeassistant.local:8123")
        }
        guard scheme == "http" || scheme == "https" else {
            throw ServerAddressError("'\(text)' uses \(scheme)://; a server address is http:// or https://")
        }
        guard let host = url.host(percentEncoded: true), !host.isEmpty else {
            throw ServerAddressError("'\(text)' has no host name")
        }
        guard url.user == nil, url.password == nil else {
            throw ServerAddressError("a server address may not hold a user name or password; sign in instead")
        }
        guard url.query == nil, url.fragment == nil else {
            throw ServerAddressError("'\(text)' has a query or fragment; give only scheme, host, port and path")
        }
        let path = url.path(percentEncoded: true)
        let bracketed = host.contains(":") ? "[\(host.lowercased())]" : host.lowercased()
        let normalized = "\(scheme)://\(bracketed)\(url.port.map { ":\($0)" } ?? "")\(path.hasSuffix("/") ? String(path.dropLast()) : path)"
        guard let base = URL(string: normalized) else { throw ServerAddressError("'\(text)' cannot be normalized to a URL") }
        baseURL = base
    }

    /// Whether traffic to the server is encrypted.
    public var isSecure: Bool { baseURL.scheme == "https" }

    /// The WebSocket API endpoint: `ws(s)://host/api/websocket`.
    public var websocketURL: URL {
        let text = baseURL.absoluteString
        return URL(string: (isSecure ? "wss" : "ws") + text.drop { $0 != ":" } + "/api/websocket") ?? baseURL
    }

    /// A URL under the server, such as `api(path: "/api/states")`.
    public func url(path: String) -> URL {
        URL(string: baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path)) ?? baseURL
    }

    public var description: String { baseURL.absoluteString }
}
