import FoundationEssentials

/// A server's origin (scheme, host and port), the only one whose pages may use the bridge or stay
/// in the window.
public struct ServerOrigin: Sendable, Equatable, CustomStringConvertible {
    /// `scheme://host[:port]`, lowercased, with the scheme's default port left out, as `location.origin` writes it.
    public let description: String

    /// The origin of `url`; nil for a URL that has none (no host, or not http or https).
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host?.lowercased(), !host.isEmpty else {
            return nil
        }
        let defaultPort = scheme == "https" ? 443 : 80
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        description = "\(scheme)://\(shownHost)" + (url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
    }

    /// Whether `text` (a URL) is at this origin.
    public func contains(_ text: String) -> Bool {
        URL(string: text).flatMap(ServerOrigin.init) == self
    }
}
