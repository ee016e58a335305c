import Foundation

/// The SQLite queue's index by token key, kept in memory so that queueing is an append to the
/// queue table and nothing else: an index by token in the database put every notification in a
/// random page of that index, and those pages were most of what the write-ahead log and the
/// checkpoints wrote (the relay's p99). It is built from the table when the relay starts.
///
/// Per key, the row ids in order with their payload sizes; the totals; how many were dropped;
/// and the keys grouped by how many notifications they hold, so that the fullest queue is found
/// without looking at every key. Changed on the writer thread; read from any.
///
/// An id here whose row is not in the table (a write rolled back after it was indexed) is
/// harmless: reads and deletes check the key of every row, and the id goes with the next
/// acknowledgement or drop of that key.
final class QueueIndex: @unchecked Sendable {
    // Guarded by `lock`.
    private var entries: [String: [QueueEntry]] = [:]
    private var keysByCount: [Int: Set<String>] = [:]
    private var largestCount = 0
    private var totals = (count: 0, bytes: 0)
    private var dropped = 0
    private let lock = NSLock()

    /// The index of `rows`, in id order.
    init(_ rows: [(key: String, entry: QueueEntry)]) {
        for row in rows { append(row.entry, to: row.key) }
    }

    var total: (count: Int, bytes: Int) { lock.withLock { totals } }
    var droppedCount: Int { lock.withLock { dropped } }

    /// How many notifications wait for `key`.
    func count(of key: String) -> Int { lock.withLock { entries[key]?.count ?? 0 } }

    /// The key with the most notifications, nil when none waits.
    var largest: String? { lock.withLock { keysByCount[largestCount]?.first } }

    /// Up to `limit` ids of `key` after `id`, in order.
    func ids(of key: String, after id: Int64, limit: Int) -> [Int64] {
        lock.withLock {
            guard let list = entries[key] else { return [] }
            let start = firstIndex(in: list, after: id)
            return list[start..<min(list.count, start + max(0, limit))].map(\.id)
        }
    }

    /// The entries of `key` up to and including `id`.
    func entries(of key: String, through id: Int64) -> [QueueEntry] {
        lock.withLock { entries[key].map { Array($0[..<firstIndex(in: $0, after: id)]) } ?? [] }
    }

    /// The `count` oldest entries of `key`.
    func oldest(_ count: Int, of key: String) -> [QueueEntry] {
        lock.withLock { entries[key].map { Array($0.prefix(max(0, count))) } ?? [] }
    }

    /// Indexes a queued row. Ids only grow, so any entry of `key` from `entry.id` on is the
    /// leftover of a rolled-back write whose id was given again, and goes.
    func added(_ entry: QueueEntry, to key: String) {
        lock.withLock {
            if let last = entries[key]?.last, last.id >= entry.id { removeEntries(of: key, from: entry.id) }
            append(entry, to: key)
        }
    }

    /// Forgets the entries of `key` up to and including `id`; their count and bytes.
    @discardableResult
    func removed(from key: String, through id: Int64, dropped wasDropped: Bool) -> (count: Int, bytes: Int) {
        lock.withLock {
            guard let list = entries[key] else { return (0, 0) }
            let end = firstIndex(in: list, after: id)
            let gone = list[..<end]
            let bytes = gone.reduce(0) { $0 + $1.bytes }
            replace(key, with: Array(list[end...]))
            totals = (totals.count - gone.count, totals.bytes - bytes)
            if wasDropped { dropped += gone.count }
            return (gone.count, bytes)
        }
    }

    /// Forgets the entry `id` of `key` (a write that failed after it was indexed).
    func removed(_ id: Int64, from key: String) {
        lock.withLock { removeEntries(of: key, from: id, through: id) }
    }

    // The helpers below run with `lock` held (or during init).

    private func append(_ entry: QueueEntry, to key: String) {
        var list = entries[key] ?? []
        list.append(entry)
        replace(key, with: list)
        totals = (totals.count + 1, totals.bytes + entry.bytes)
    }

    private func removeEntries(of key: String, from first: Int64, through last: Int64 = .max) {
        guard let list = entries[key] else { return }
        let gone = list.filter { $0.id >= first && $0.id <= last }
        replace(key, with: list.filter { $0.id < first || $0.id > last })
        totals = (totals.count - gone.count, totals.bytes - gone.reduce(0) { $0 + $1.bytes })
    }

    /// Stores `list` as `key`'s entries, keeping the keys grouped by count.
    private func replace(_ key: String, with list: [QueueEntry]) {
        let before = entries[key]?.count ?? 0
        entries[key] = list.isEmpty ? nil : list
        guard before != list.count else { return }
        if before > 0 {
            keysByCount[before]?.remove(key)
            if keysByCount[before]?.isEmpty == true { keysByCount[before] = nil }
        }
        if !list.isEmpty { keysByCount[list.count, default: []].insert(key) }
        if list.count > largestCount {
            largestCount = list.count
        } else {
            while largestCount > 0 && keysByCount[largestCount] == nil { largestCount -= 1 }
        }
    }

    /// The position of the first entry of `list` (in id order) with an id above `id`.
    private func firstIndex(in list: [QueueEntry], after id: Int64) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].id <= id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
