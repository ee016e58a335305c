import Foundation

/// Where Redis listens: `redis://host:port/db` (port 6379 and database 0 by default).
public struct RedisAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let database: Int

    public init(_ text: String) throws {
        guard let components = URLComponents(string: text), components.scheme == "redis", let host = components.host, !host.isEmpty else {
            throw RelayConfigurationError("'\(text)' is not a Redis URL such as redis://127.0.0.1:6379/0")
        }
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard path.isEmpty || Int(path) != nil else { throw RelayConfigurationError("'\(text)': the database must be a number") }
        self.host = host
        port = components.port ?? 6379
        database = Int(path) ?? 0
    }

    public var description: String { "redis://\(host):\(port)/\(database)" }
}
