import Foundation

/// What the SQLite queue holds, kept in memory so that enforcing its caps costs no query:
/// notifications per token key (loaded when a key is first seen), the total and its bytes, and
/// how many were dropped. Changed on the writer thread only; read from any.
final class QueueCounts: @unchecked Sendable {
    // Guarded by `lock`.
    private var perKey: [String: Int] = [:]
    private var totals = (count: 0, bytes: 0)
    private var dropped = 0
    private let lock = NSLock()

    init(count: Int, bytes: Int) {
        totals = (count, bytes)
    }

    var total: (count: Int, bytes: Int) { lock.withLock { totals } }
    var droppedCount: Int { lock.withLock { dropped } }

    /// The count of `key`, loaded with `load` the first time.
    func count(of key: String, load: () throws -> Int) rethrows -> Int {
        if let known = lock.withLock({ perKey[key] }) { return known }
        let loaded = try load()
        lock.withLock { perKey[key] = loaded }
        return loaded
    }

    /// The key with the most notifications, of those counted so far.
    var largest: String? {
        lock.withLock { perKey.max { $0.value < $1.value }.flatMap { $0.value > 0 ? $0.key : nil } }
    }

    func added(to key: String, bytes: Int) {
        lock.withLock {
            perKey[key, default: 0] += 1
            totals = (totals.count + 1, totals.bytes + bytes)
        }
    }

    /// Notifications removed from `key` (nil: from keys not known), as dropped or not.
    func removed(_ count: Int, bytes: Int, from key: String?, dropped wasDropped: Bool) {
        lock.withLock {
            if let key { perKey[key] = max(0, (perKey[key] ?? 0) - count) }
            if key == nil { perKey = [:] }
            totals = (max(0, totals.count - count), max(0, totals.bytes - bytes))
            if wasDropped { dropped += count }
        }
    }

    /// Starts over from the stored totals (after a purge).
    func reset(count: Int, bytes: Int) {
        lock.withLock {
            perKey = [:]
            totals = (count, bytes)
        }
    }
}
