/// One Redis server of a cluster, as the cluster names it (`CLUSTER SLOTS`, `MOVED`, `ASK`).
public struct RedisNode: Hashable, Sendable, CustomStringConvertible {
    /// Its host name or address.
    public let host: String
    /// Its port.
    public let port: Int

    /// The node at `host`:`port`.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `host:port` (`[v6]:port` too), as Redis writes it in a redirection; nil for anything else.
    init?(_ text: Substring) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (1...65_535).contains(port) else { return nil }
        var host = text[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { return nil }
        self.init(host: String(host), port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
