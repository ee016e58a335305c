import Dispatch
import Essentials
import Foundation
import Persistence

/// The whole relay: the SQLite file, the rate limits, delivery, metrics and the HTTP server,
/// plus a timer that sends keep-alives on event streams. (Unchecked: a dispatch timer may be
/// cancelled from any thread.)
public final class RelayServer: @unchecked Sendable {
    /// The service answering requests, for tests and tools that call it directly.
    public let service: RelayService
    private let http: HTTPServer
    private let keepAlive: DispatchSourceTimer
    /// Expires unused registrations at the start and every hour.
    private let expiry: DispatchSourceTimer
    private let delivery: any DeliveryBackend
    private let limits: any RateLimitStore
    private let writer: BatchedWriter
    private let checkpointer: WALCheckpointer

    /// Opens the stores `configuration` names, starts delivery and the HTTP server; throws when a store or the port cannot be had.
    public init(configuration: RelayConfiguration) throws {
        let folder = configuration.database.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
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
        let pool = try DatabasePool(url: configuration.database)
        // WAL with NORMAL sync: a commit survives the relay crashing, and only the last moments
        // could be lost if the machine loses power; commits no longer wait for the disk. The
        // writer never checkpoints in a commit (a commit that does waits while the whole log is
        // copied: that was the p99): a passive checkpointer on its own connection copies the log
        // back four times a second, the writer finishes the job between two batches once the log
        // holds 32 MiB, and the log file is cut back to 64 MiB when it starts over. Each time the
        // writer finishes the job it stops for two syncs: at 32 MiB rather than 16 it stops half as
        // often (p99 lower in 5 of 6 paired rounds, the same CPU); 64 MiB had made it worse (the
        // log cut back). The checkpointer syncs the database file after each of its checkpoints
        // (DatabasePool.checkpoint), so the writer's sync of it took 0.6-4.6 ms rather than 18-28.
        try pool.writeWithoutTransaction { database in
            try database.execute("PRAGMA synchronous = NORMAL")
            try database.execute("PRAGMA journal_size_limit = 67108864")
        }
        var migrator = DatabaseMigrator()
        Outbox.registerMigrations(in: &migrator)
        SQLiteRateLimitStore.registerMigrations(in: &migrator)
        LocalDelivery.registerMigrations(in: &migrator)
        SQLiteRegistrationStore.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        // A batch of fewer than 8 lingers 0.2 ms for more: at tens of thousands of requests a
        // second the batches grew from about 5 to about 7 writes, the log by fewer frames, and the
        // writer stopped less often for a checkpoint; p99 fell from 4-11 to 3-4 ms (paired A/B).
        // Eight, not 32: with 64 requests in flight a batch of 8 commits at once instead of
        // waiting out the linger for 32 that seldom come (1.06-1.16x the requests a second, one
        // relay after the other; 16 gave 1.02-1.09x, 4 a higher p99).
        let writer = try BatchedWriter(pool: pool, linger: 0.000_2, fullBatch: 8)
        let checkpointer = try WALCheckpointer(pool: pool, writer: writer, restartPages: 8_192)
        let logger = Logger.standardError(label: "push-relay", level: configuration.logLevel)
        let limits: any RateLimitStore, delivery: any DeliveryBackend, registrations: any RegistrationStore
        do {
            if let redis = configuration.redis {
                let connections: any RedisClient = redis.isCluster ? try RedisClusterPool(redis) : try RedisPool(redis)
                let budget = connections.layout.budget(configuration.queueLimits)
                if budget.total < configuration.queueLimits.perToken {
                    logger.warning("each of the cluster's \(connections.layout.groups) queue groups may hold \(budget.total) notifications (the total divided among them), fewer than one token's cap (\(configuration.queueLimits.perToken))")
                }
                limits = RedisRateLimitStore(pool: connections)
                registrations = RedisRegistrationStore(pool: connections, limit: configuration.registrationLimit, logger: logger)
                delivery = try RedisDelivery(
                    pool: connections, ttl: configuration.messageTTL, limits: configuration.queueLimits,
                    streamLimits: configuration.streamLimits, logger: logger
                )
            } else {
                limits = try SQLiteRateLimitStore(pool: pool, writer: writer)
                registrations = try SQLiteRegistrationStore(pool: pool, writer: writer, limit: configuration.registrationLimit, logger: logger)
                delivery = try LocalDelivery(
                    pool: pool, ttl: configuration.messageTTL, limits: configuration.queueLimits,
                    streamLimits: configuration.streamLimits, logger: logger
                )
            }
        } catch {
            writer.stop()
            checkpointer.stop()
            throw error
        }
        let metrics = RelayMetrics()
        let service = RelayService(
            configuration: configuration, limits: limits, delivery: delivery, registrations: registrations, routes: routes,
            metrics: metrics, logger: logger
        )
        do {
            http = try HTTPServer(options: configuration.serverOptions, rejected: { metrics.countRequest(status: $0) }) { service.handle($0) }
        } catch {
            service.stop()
            delivery.stop()
            writer.stop()
            checkpointer.stop()
            throw error
        }
        self.service = service
        self.delivery = delivery
        self.limits = limits
        self.writer = writer
        self.checkpointer = checkpointer
        keepAlive = DispatchSource.makeTimerSource(queue: .global())
        keepAlive.schedule(deadline: .now() + configuration.keepAliveInterval, repeating: configuration.keepAliveInterval)
        keepAlive.setEventHandler { delivery.streams.keepAlive() }
        keepAlive.resume()
        expiry = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        expiry.schedule(deadline: .now(), repeating: 3_600)
        expiry.setEventHandler { service.expireUnusedRegistrations() }
        expiry.resume()
        logger.info("serving with \(configuration.redis == nil ? "SQLite at \(configuration.database.path)" : "Redis") and \(routes.count) provider route(s)")
    }

    /// The port the relay listens on.
    public var port: Int { http.port }

    /// Whether the relay speaks TLS itself.
    public var usesTLS: Bool { http.usesTLS }

    /// Loads the TLS certificate and key again (SIGHUP), without dropping a connection; a
    /// failure keeps the old ones and is thrown.
    public func reloadCertificates() throws {
        try http.reloadCertificates()
    }

    /// Stops listening and closes every stream.
    public func stop() {
        keepAlive.cancel()
        expiry.cancel()
        service.stop()
        // Pending notifications commit first and their connections resume; then the server
        // closes, and the counts of the last answers are written.
        writer.stop()
        checkpointer.stop()
        http.stop()
        delivery.stop()
        limits.stop()
    }
}
