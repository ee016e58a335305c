import Foundation

/// The base URL of a Home Assistant server, and the API URLs derived from it.
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The base URL without a trailing slash, such as `http://127.0.0.1:8123`.
    public let baseURL: URL

    /// Parses a base URL: `http` or `https`, a host, an optional port and path,
    /// and no query, fragment or credentials.
    public init(_ text: String) throws(ServerAddressError) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased() else {
            throw ServerAddressError("'\(text)' is not a URL; use a form such as http://homeassistant.local:8123")
        }
        guard scheme == "http" || scheme == "https" else {
            throw ServerAddressError("'\(text)' uses \(scheme)://; a server address is http:// or https://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ServerAddressError("'\(text)' has no host name")
        }
        guard components.user == nil, components.password == nil else {
            throw ServerAddressError("a server address may not hold a user name or password; sign in instead")
        }
        guard components.query == nil, components.fragment == nil else {
            throw ServerAddressError("'\(text)' has a query or fragment; give only scheme, host, port and path")
        }
        var normalized = URLComponents()
        normalized.scheme = scheme
        normalized.host = host.lowercased()
        normalized.port = components.port
        normalized.path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        guard let url = normalized.url else { throw ServerAddressError("'\(text)' cannot be normalized to a URL") }
        baseURL = url
    }

    /// Whether traffic to the server is encrypted.
    public var isSecure: Bool { baseURL.scheme == "https" }

    /// The WebSocket API endpoint: `ws(s)://host/api/websocket`.
    public var websocketURL: URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.scheme = isSecure ? "wss" : "ws"
        components.path += "/api/websocket"
        return components.url ?? baseURL
    }

    /// A URL under the server, such as `api(path: "/api/states")`.
    public func url(path: String) -> URL {
        URL(string: baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path)) ?? baseURL
    }

    public var description: String { baseURL.absoluteString }
}
