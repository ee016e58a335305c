import Foundation

/// Where Redis listens and how to reach it: `redis://host:port/db` (port 6379 and database 0 by
/// default), `rediss://` for TLS, with a password (`redis://:PASSWORD@host`, or an ACL user,
/// `redis://USER:PASSWORD@host`) or one given apart (`redis_password_file`). A cluster is
/// `redis+cluster://host:port,host:port` (`rediss+cluster://` for TLS): seed nodes, of which one
/// answering is enough to find the others; a cluster has database 0 only. The password never
/// appears in ``description``.
public struct RedisAddress: Sendable, Equatable, CustomStringConvertible {
    /// The Redis host.
    public let host: String
    /// Its port (default 6379).
    public let port: Int
    /// The database number (default 0).
    public let database: Int
    /// Whether the connection is TLS (`rediss://`), checked against the system's CAs or ``caFile``.
    public let usesTLS: Bool
    /// The user of `AUTH user password`, if any.
    public var user: String?
    /// The password of `AUTH`, if any (from `redis_password_file`, never the URL in logs).
    public var password: String?
    /// A PEM file of the CAs a TLS Redis's certificate must chain to; nil: the system's.
    public var caFile: String?
    /// A cluster's seed nodes (the first is ``host``:``port``); empty for a single Redis.
    public let seeds: [RedisNode]

    /// Whether this is a Redis Cluster (`redis+cluster://`).
    public var isCluster: Bool { !seeds.isEmpty }

    /// Parses `redis://[user:password@]host[:port][/db]`, `rediss://…`, or
    /// `redis+cluster://[user:password@]host:port[,host:port…]` (and `rediss+cluster://`);
    /// throws for anything else.
    public init(_ text: String) throws {
        if text.hasPrefix("redis+cluster://") || text.hasPrefix("rediss+cluster://") {
            try self.init(cluster: text)
        } else {
            try self.init(single: text)
        }
    }

    private init(single text: String) throws {
        seeds = []
        guard let components = URLComponents(string: text), components.scheme == "redis" || components.scheme == "rediss",
              let host = components.host, !host.isEmpty else {
            throw RelayConfigurationError("the Redis URL is not one such as redis://127.0.0.1:6379/0 or rediss://:PASSWORD@host:6380/0")
        }
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard path.isEmpty || Int(path) != nil else { throw RelayConfigurationError("the Redis URL's database must be a number") }
        self.host = host
        usesTLS = components.scheme == "rediss"
        port = components.port ?? 6379
        database = Int(path) ?? 0
        user = components.percentEncodedUser.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
        password = components.percentEncodedPassword.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
    }

    /// The same server credentials and TLS, for one node of the cluster.
    func node(_ node: RedisNode) -> RedisAddress {
        RedisAddress(host: node.host, port: node.port, usesTLS: usesTLS, user: user, password: password, caFile: caFile)
    }

    private init(host: String, port: Int, usesTLS: Bool, user: String?, password: String?, caFile: String?) {
        self.host = host
        self.port = port
        database = 0
        self.usesTLS = usesTLS
        self.user = user
        self.password = password
        self.caFile = caFile
        seeds = []
    }

    private init(cluster text: String) throws {
        let usage = "a Redis Cluster URL is one such as redis+cluster://10.0.0.1:6379,10.0.0.2:6379 (rediss+cluster:// for TLS)"
        usesTLS = text.hasPrefix("rediss+")
        var rest = text.dropFirst(usesTLS ? "rediss+cluster://".count : "redis+cluster://".count)
        if let slash = rest.firstIndex(of: "/") {
            guard rest[rest.index(after: slash)...].allSatisfy({ $0 == "0" || $0 == "/" }) else {
                throw RelayConfigurationError("a Redis Cluster has database 0 only: \(usage)")
            }
            rest = rest[..<slash]
        }
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            let colon = credentials.firstIndex(of: ":")
            let name = colon.map { credentials[..<$0] } ?? credentials
            user = name.isEmpty ? nil : String(name).removingPercentEncoding
            password = colon.map { String(credentials[credentials.index(after: $0)...]) }.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
            rest = rest[rest.index(after: at)...]
        } else {
            user = nil
            password = nil
        }
        let nodes = rest.split(separator: ",", omittingEmptySubsequences: false).map { RedisNode($0) }
        guard !nodes.isEmpty, !nodes.contains(nil) else { throw RelayConfigurationError(usage) }
        seeds = nodes.compactMap { $0 }
        host = seeds[0].host
        port = seeds[0].port
        database = 0
    }

    public var description: String {
        if isCluster { return "\(usesTLS ? "rediss" : "redis")+cluster://\(seeds.map(\.description).joined(separator: ","))" }
        return "\(usesTLS ? "rediss" : "redis")://\(host):\(port)/\(database)"
    }

    /// The AUTH command to send first, if any.
    var authentication: [String]? {
        guard let password else { return nil }
        return ["AUTH"] + (user.map { [$0] } ?? []) + [password]
    }
}
