import Foundation

/// The SQLite queue's index by token key, kept in memory so that queueing is an append to the
/// queue table and nothing else: an index by token in the database put every notification in a
/// random page of that index, and those pages were most of what the write-ahead log and the
/// checkpoints wrote (the relay's p99). It is built from the table when the relay starts.
///
/// Per key, the row ids in order with their payload sizes; the totals; how many were dropped;
/// and the keys grouped by how many notifications they hold, so that the fullest queue is found
/// without looking at every key. A key is hashed once per call: it names a slot, and the groups
/// hold slots. Changed on the writer thread; read from any.
///
/// An id here whose row is not in the table (a write rolled back after it was indexed) is
/// harmless: reads and deletes check the key of every row, and the id goes with the next
/// acknowledgement or drop of that key.
final class QueueIndex: @unchecked Sendable {
    // Guarded by `lock`: each key's slot (kept while the key has entries), each slot's key and
    // entries, the slots given up, and the slots grouped by their number of entries.
    private var slots: [String: Int] = [:]
    private var keys: [String] = []
    private var lists: [[QueueEntry]] = []
    private var freeSlots: [Int] = []
    private var slotsByCount: [Int: Set<Int>] = [:]
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
    func count(of key: String) -> Int { lock.withLock { slots[key].map { lists[$0].count } ?? 0 } }

    /// The key with the most notifications, nil when none waits.
    var largest: String? { lock.withLock { slotsByCount[largestCount]?.first.map { keys[$0] } } }

    /// Up to `limit` ids of `key` after `id`, in order.
    func ids(of key: String, after id: Int64, limit: Int) -> [Int64] {
        lock.withLock {
            guard let slot = slots[key] else { return [] }
            let list = lists[slot]
            let start = firstIndex(in: list, after: id)
            return list[start..<min(list.count, start + max(0, limit))].map(\.id)
        }
    }

    /// The entries of `key` up to and including `id`.
    func entries(of key: String, through id: Int64) -> [QueueEntry] {
        lock.withLock { slots[key].map { Array(lists[$0][..<firstIndex(in: lists[$0], after: id)]) } ?? [] }
    }

    /// The `count` oldest entries of `key`.
    func oldest(_ count: Int, of key: String) -> [QueueEntry] {
        lock.withLock { slots[key].map { Array(lists[$0].prefix(max(0, count))) } ?? [] }
    }

    /// Indexes a queued row. Ids only grow, so any entry of `key` from `entry.id` on is the
    /// leftover of a rolled-back write whose id was given again, and goes.
    func added(_ entry: QueueEntry, to key: String) {
        lock.withLock { append(entry, to: key) }
    }

    /// Forgets the entries of `key` up to and including `id`; their count and bytes.
    @discardableResult
    func removed(from key: String, through id: Int64, dropped wasDropped: Bool) -> (count: Int, bytes: Int) {
        lock.withLock {
            guard let slot = slots[key] else { return (0, 0) }
            let removed = remove(slot) { $0.id <= id }
            if wasDropped { dropped += removed.count }
            return removed
        }
    }

    /// Forgets the entry `id` of `key` (a write that failed after it was indexed).
    func removed(_ id: Int64, from key: String) {
        lock.withLock {
            guard let slot = slots[key] else { return }
            remove(slot) { $0.id == id }
        }
    }

    // The helpers below run with `lock` held (or during init).

    private func append(_ entry: QueueEntry, to key: String) {
        if let known = slots[key], let last = lists[known].last, last.id >= entry.id { remove(known) { $0.id >= entry.id } }
        let slot: Int
        if let known = slots[key] {
            slot = known
        } else if let free = freeSlots.popLast() {
            slot = free
            keys[slot] = key
        } else {
            slot = lists.count
            keys.append(key)
            lists.append([])
        }
        slots[key] = slot
        let before = lists[slot].count
        lists[slot].append(entry)
        totals = (totals.count + 1, totals.bytes + entry.bytes)
        regroup(slot, from: before)
    }

    /// Removes the entries of `slot` that `matches` picks; their count and bytes. A slot left
    /// empty is given up.
    @discardableResult
    private func remove(_ slot: Int, where matches: (QueueEntry) -> Bool) -> (count: Int, bytes: Int) {
        let before = lists[slot].count
        var bytes = 0
        lists[slot].removeAll { entry in
            guard matches(entry) else { return false }
            bytes += entry.bytes
            return true
        }
        let count = before - lists[slot].count
        totals = (totals.count - count, totals.bytes - bytes)
        regroup(slot, from: before)
        if lists[slot].isEmpty && slots[keys[slot]] == slot {
            slots[keys[slot]] = nil
            keys[slot] = ""
            freeSlots.append(slot)
        }
        return (count, bytes)
    }

    /// Moves `slot` from the group of `before` entries to the group of its count now.
    private func regroup(_ slot: Int, from before: Int) {
        let now = lists[slot].count
        guard before != now else { return }
        if before > 0 {
            slotsByCount[before]?.remove(slot)
            if slotsByCount[before]?.isEmpty == true { slotsByCount[before] = nil }
        }
        if now > 0 { slotsByCount[now, default: []].insert(slot) }
        if now > largestCount {
            largestCount = now
        } else {
            while largestCount > 0 && slotsByCount[largestCount] == nil { largestCount -= 1 }
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
