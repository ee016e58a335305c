import Dispatch
import Foundation
import Persistence

/// The whole relay: the SQLite file, the rate limits, delivery, metrics and the HTTP server,
/// plus a timer that sends keep-alives on event streams. (Unchecked: a dispatch timer may be
/// cancelled from any thread.)
public final class RelayServer: @unchecked Sendable {
    public let service: RelayService
    private let http: HTTPServer
    private let keepAlive: DispatchSourceTimer
    private let delivery: any DeliveryBackend

    public init(configuration: RelayConfiguration) throws {
        let folder = configuration.database.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let pool = try DatabasePool(url: configuration.database)
        // WAL with NORMAL sync: a commit survives the relay crashing, and only the last moments
        // could be lost if the machine loses power; commits no longer wait for the disk.
        try pool.writeWithoutTransaction { try $0.execute("PRAGMA synchronous = NORMAL") }
        var migrator = DatabaseMigrator()
        Outbox.registerMigrations(in: &migrator)
        SQLiteRateLimitStore.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        let limits: any RateLimitStore, delivery: any DeliveryBackend
        if let redis = configuration.redis {
            let connections = try RedisPool(redis)
            limits = RedisRateLimitStore(pool: connections)
            delivery = try RedisDelivery(pool: connections, ttl: configuration.messageTTL)
        } else {
            limits = SQLiteRateLimitStore(pool: pool)
            delivery = LocalDelivery(pool: pool, ttl: configuration.messageTTL)
        }
        var routes = ProviderRoute.streamOnly
        if let manifest = configuration.providerManifest {
            let bytes: [UInt8]
            do {
                bytes = [UInt8](try Data(contentsOf: manifest))
            } catch {
                throw RelayConfigurationError("the provider manifest \(manifest.path) cannot be read: \(error.localizedDescription)")
            }
            routes = try ProviderManifest.load(bytes, source: manifest.path)
        }
        let metrics = RelayMetrics()
        let service = RelayService(configuration: configuration, limits: limits, delivery: delivery, routes: routes, metrics: metrics)
        http = try HTTPServer(options: configuration.http, rejected: { metrics.countRequest(status: $0) }) { service.handle($0) }
        self.service = service
        self.delivery = delivery
        keepAlive = DispatchSource.makeTimerSource(queue: .global())
        keepAlive.schedule(deadline: .now() + configuration.keepAliveInterval, repeating: configuration.keepAliveInterval)
        keepAlive.setEventHandler { delivery.streams.keepAlive() }
        keepAlive.resume()
    }

    /// The port the relay listens on.
    public var port: Int { http.port }

    /// Stops listening and closes every stream.
    public func stop() {
        keepAlive.cancel()
        http.stop()
        delivery.stop()
    }
}
