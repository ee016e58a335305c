import Dispatch
import Essentials
import Foundation

/// A Redis Cluster, reached from seed nodes: the slot map from `CLUSTER SLOTS` (read again every
/// few seconds), a ``RedisPool`` per node, each command sent to the primary of its key's slot.
/// `MOVED` corrects the map and goes there; `ASK` sends `ASKING` and the command to the node
/// named, once. While a failover or a migration runs (the node does not answer, `CLUSTERDOWN`,
/// `TRYAGAIN`, `READONLY` from a former primary) a command is tried again with backoff, the map
/// read anew, for at most ``failoverWait`` seconds. A command tried again after its connection
/// failed may have run once already: a notification is then queued twice (delivery is at least
/// once; the client skips an id it has).
public final class RedisClusterPool: RedisClient, @unchecked Sendable {
    /// Seconds a command keeps trying while the cluster fails over or migrates a slot.
    static let failoverWait = 10.0
    /// Redirections one command follows at most.
    static let maximumRedirections = 5
    /// Seconds between two readings of the slot map.
    static let refreshInterval = 5
    /// A command retrying through a failover reads the map again only if it is older than this
    /// (nanoseconds), and only one reads it at a time: 64 requests waiting out a failover cost
    /// a reading every 50 ms, not one each per retry.
    static let retryRefreshAge: UInt64 = 50_000_000

    /// The seeds, credentials and TLS every node shares.
    public let address: RedisAddress
    // Guarded by `lock`.
    private var map: RedisSlotMap
    private var pools: [RedisNode: RedisPool] = [:]
    private var mapRead: UInt64 = 0
    private var reading = false
    private let lock = NSLock()
    private let refresher: DispatchSourceTimer

    /// Reads the slot map from the first seed that answers; throws when none does.
    public init(_ address: RedisAddress) throws {
        self.address = address
        map = try Self.readMap(from: address.seeds) { node in try Self.slots(askingNew: node, address: address) }
        mapRead = DispatchTime.now().uptimeNanoseconds
        refresher = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "push-relay.redis-cluster-map"))
        refresher.schedule(deadline: .now() + .seconds(Self.refreshInterval), repeating: .seconds(Self.refreshInterval))
        refresher.setEventHandler { [weak self] in try? self?.refresh() }
        refresher.resume()
    }

    deinit { refresher.cancel() }

    /// Keys grouped under hash tags, one group per slot.
    public var layout: RedisKeyLayout { .cluster }

    /// Runs one command on the primary of `key`'s slot (any primary without a key).
    @discardableResult
    public func command(_ arguments: [String], key: String?) throws -> RedisValue {
        try routed(key) { pool, asking in
            asking ? try pool.pipeline([["ASKING"], arguments], key: nil)[1] : try pool.command(arguments, key: nil)
        }
    }

    /// Runs `commands` on one connection to the primary of `key`'s slot.
    public func pipeline(_ commands: [[String]], key: String?) throws -> [RedisValue] {
        try routed(key) { pool, asking in
            asking ? Array(try pool.pipeline([["ASKING"]] + commands, key: nil).dropFirst()) : try pool.pipeline(commands, key: nil)
        }
    }

    /// Whether the primary of `key`'s slot has a replica that is not failing.
    public func hasReplicas(forKey key: String) -> Bool {
        let slot = RedisKeySlot.of(key)
        return lock.withLock { map.hasReplicas(slot) }
    }

    /// A pool for each primary in the map.
    public func primaries() throws -> [RedisPool] {
        try lock.withLock { map.primaries }.map(pool)
    }

    /// A ``RedisShardedSubscriber``: `SSUBSCRIBE` on each channel's primary.
    public func listen(to channels: [String], logger: Logger, message: @escaping @Sendable (String) -> Void,
                       resubscribed: @escaping @Sendable () -> Void) -> any RedisListener {
        RedisShardedSubscriber(cluster: self, channels: channels, logger: logger, message: message, resubscribed: resubscribed)
    }

    /// The map read anew, then `channels` by the address of the primary serving each.
    func subscriptionPlan(_ channels: [String]) throws -> [(address: RedisAddress, channels: [String])] {
        try refresh()
        let current = lock.withLock { map }
        var plan: [RedisNode: [String]] = [:]
        for channel in channels {
            guard let node = current.owner(of: RedisKeySlot.of(channel)) else { throw RedisError("CLUSTERDOWN no node serves the slot of \(channel)") }
            plan[node, default: []].append(channel)
        }
        return plan.map { (address.node($0.key), $0.value) }
    }

    /// Reads the slot map again from the nodes known (then the seeds), through the node's pool
    /// when there is one, so a reading opens no connection of its own.
    func refresh() throws {
        let known = lock.withLock { map.primaries }
        let fresh = try Self.readMap(from: known + address.seeds.filter { !known.contains($0) }) { node in
            let pool = lock.withLock { pools[node] }
            return try pool?.command(["CLUSTER", "SLOTS"], key: nil) ?? Self.slots(askingNew: node, address: address)
        }
        lock.withLock {
            map = fresh
            mapRead = DispatchTime.now().uptimeNanoseconds
        }
    }

    /// For a command about to be tried again: reads the map unless it was read within
    /// ``retryRefreshAge`` or another command is reading it.
    private func refreshForRetry() {
        let due = lock.withLock { () -> Bool in
            guard !reading, DispatchTime.now().uptimeNanoseconds - mapRead >= Self.retryRefreshAge else { return false }
            reading = true
            return true
        }
        guard due else { return }
        defer { lock.withLock { reading = false } }
        try? refresh()
    }

    private func routed<T>(_ key: String?, _ body: (RedisPool, Bool) throws -> T) throws -> T {
        let slot = key.map(RedisKeySlot.of)
        var asking: RedisNode?, redirections = 0, delay = 0.02
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.failoverWait * 1_000_000_000)
        while true {
            do {
                if let asking { return try body(try pool(asking), true) }
                return try body(try pool(try owner(of: slot)), false)
            } catch let error as RedisError {
                if let redirection = RedisRedirection(error.message), redirections < Self.maximumRedirections {
                    redirections += 1
                    switch redirection {
                    case .moved(let slot, let node):
                        lock.withLock { map.move(slot, to: node) }
                        asking = nil
                    case .ask(_, let node):
                        asking = node
                    }
                    continue
                }
                guard Self.isTransient(error), DispatchTime.now().uptimeNanoseconds < deadline else { throw error }
                Thread.sleep(forTimeInterval: delay)
                delay = min(delay * 2, 0.5)
                asking = nil
                refreshForRetry()
            }
        }
    }

    /// The primary serving `slot` (any primary for none).
    private func owner(of slot: Int?) throws -> RedisNode {
        let node = lock.withLock { slot.map { map.owner(of: $0) } ?? map.primaries.first }
        guard let node else { throw RedisError("CLUSTERDOWN no node serves slot \(slot ?? 0)", isReply: true) }
        return node
    }

    /// The pool of `node`, made (and connected) the first time.
    private func pool(_ node: RedisNode) throws -> RedisPool {
        if let pool = lock.withLock({ pools[node] }) { return pool }
        let made = try RedisPool(address.node(node))
        return lock.withLock {
            if let pool = pools[node] { return pool }
            pools[node] = made
            return made
        }
    }

    /// A failed connection, or a reply that a failover or a migration in progress gives.
    private static func isTransient(_ error: RedisError) -> Bool {
        guard error.isReply else { return true }
        return ["TRYAGAIN", "CLUSTERDOWN", "LOADING", "READONLY", "MASTERDOWN"].contains { error.message.hasPrefix($0) }
            || error.message.contains("non local key")
    }

    /// `CLUSTER SLOTS` asked of `node` on a connection of its own (a node with no pool yet).
    private static func slots(askingNew node: RedisNode, address: RedisAddress) throws -> RedisValue {
        try RedisConnection(address.node(node)).command(["CLUSTER", "SLOTS"])
    }

    /// The map from the first of `nodes` whose `CLUSTER SLOTS` (run by `slots`) answers.
    private static func readMap(from nodes: [RedisNode], slots: (RedisNode) throws -> RedisValue) throws -> RedisSlotMap {
        var failures: [String] = []
        for node in nodes {
            do {
                return try RedisSlotMap(slotsReply: try slots(node), from: node)
            } catch {
                failures.append("\(node): \(error)")
            }
        }
        throw RedisError("no node of the cluster gave its slot map (\(failures.joined(separator: "; ")))")
    }
}
