import Foundation

/// Where Redis listens and how to reach it: `redis://host:port/db` (port 6379 and database 0 by
/// default), `rediss://` for TLS, with a password (`redis://:PASSWORD@host`, or an ACL user,
/// `redis://USER:PASSWORD@host`) or one given apart (`redis_password_file`). The password never
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

    /// Parses `redis://[user:password@]host[:port][/db]` or `rediss://…`; throws for anything else.
    public init(_ text: String) throws {
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

    public var description: String { "\(usesTLS ? "rediss" : "redis")://\(host):\(port)/\(database)" }

    /// The AUTH command to send first, if any.
    var authentication: [String]? {
        guard let password else { return nil }
        return ["AUTH"] + (user.map { [$0] } ?? []) + [password]
    }
}
