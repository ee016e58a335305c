import Foundation

/// The queue's index by token key, kept in memory so that queueing is an append to the queue's
/// log (``QueueLogFile``) and nothing else. It is built from the log when the relay starts.
///
/// Per key, its entries in id order (``QueueEntry``); the totals; how many were dropped;
/// and the keys grouped by how many notifications they hold, so that the fullest queue is found
/// without looking at every key. A key is looked up (as a ``TokenKey``) once per call: it names
/// a slot, and the groups are lists of slots linked through two arrays, so moving a slot to the
/// next group hashes nothing. Changed on the writer thread; read from any.
///
/// Each entry says where its payload lies in the log; after a compaction a thread beside the
/// writer moves them (``moved(by:)``), the only change made off the writer's thread. An entry
/// whose batch failed to be written is taken out again (``removed(_:from:)``).
final class QueueIndex: @unchecked Sendable {
    // Guarded by `lock`: each key's slot (kept while the key has entries), each slot's key and
    // entries, the slots given up, and the slots grouped by their number of entries: the first
    // slot of each group by count, and each slot's neighbours in its group (`none` at the ends).
    @exclusivity(unchecked) private var slots: [TokenKey: Int] = [:]
    @exclusivity(unchecked) private var keys: [String] = []
    @exclusivity(unchecked) private var lists: [[QueueEntry]] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    @exclusivity(unchecked) private var firstSlotByCount: [Int] = [QueueIndex.none]
    @exclusivity(unchecked) private var nextInGroup: [Int] = []
    @exclusivity(unchecked) private var previousInGroup: [Int] = []
    @exclusivity(unchecked) private var largestCount = 0
    private static let none = -1
    @exclusivity(unchecked) private var totals = (count: 0, bytes: 0)
    @exclusivity(unchecked) private var dropped = 0
    private let lock = RequestLock()

    /// An empty index.
    init() {}

    var total: (count: Int, bytes: Int) { lock.withLock { totals } }
    var droppedCount: Int { lock.withLock { dropped } }

    /// The key with the most notifications, nil when none waits.
    var largest: String? { lock.withLock { largestCount > 0 ? keys[firstSlotByCount[largestCount]] : nil } }

    /// Up to `limit` entries of `key` after `id`, in order.
    func entries(of key: String, after id: Int64, limit: Int) -> [QueueEntry] {
        let key = TokenKey(key)
        return lock.withLock {
            guard let slot = slots[key] else { return [] }
            let list = lists[slot]
            let start = firstIndex(in: list, after: id)
            return Array(list[start..<min(list.count, start + max(0, limit))])
        }
    }

    /// The entries of `key` up to and including `id`.
    func entries(of key: String, through id: Int64) -> [QueueEntry] {
        let key = TokenKey(key)
        return lock.withLock { slots[key].map { Array(lists[$0][..<firstIndex(in: lists[$0], after: id)]) } ?? [] }
    }

    /// The `count` oldest entries of `key`.
    func oldest(_ count: Int, of key: String) -> [QueueEntry] {
        let key = TokenKey(key)
        return lock.withLock { slots[key].map { Array(lists[$0].prefix(max(0, count))) } ?? [] }
    }

    /// Indexes a queued notification, whose id is above every id indexed before; how many entries `key`
    /// has now.
    @discardableResult
    func added(_ entry: QueueEntry, to key: String) -> Int {
        let tokenKey = TokenKey(key)
        return lock.withLock { append(entry, to: key, tokenKey) }
    }

    /// Forgets the entries of `key` up to and including `id`; their count and bytes.
    @discardableResult
    func removed(from key: String, through id: Int64, dropped wasDropped: Bool) -> (count: Int, bytes: Int) {
        let key = TokenKey(key)
        return lock.withLock {
            guard let slot = slots[key] else { return (0, 0) }
            let removed = remove(slot) { $0.id <= id }
            if wasDropped { dropped += removed.count }
            return removed
        }
    }

    /// Forgets the entry `id` of `key` (a write that failed after it was indexed).
    func removed(_ id: Int64, from key: String) {
        let key = TokenKey(key)
        lock.withLock {
            guard let slot = slots[key] else { return }
            remove(slot) { $0.id == id }
        }
    }

    /// Forgets every entry queued before `time`; how many.
    @discardableResult
    func expired(before time: Double) -> Int {
        lock.withLock {
            var count = 0
            for slot in slots.values where lists[slot].first.map({ $0.time < time }) == true {
                count += remove(slot) { $0.time < time }.count
            }
            return count
        }
    }

    /// Every entry whose payload lies before `position`, with its key, in no particular order.
    /// Taken a few hundred keys at a time, so the writer is held up no longer than that.
    func live(before position: Int64) -> [(key: String, entry: QueueEntry)] {
        var all: [(key: String, entry: QueueEntry)] = []
        forEachList { list, key in
            for entry in list where entry.position < position { all.append((key, entry)) }
        }
        return all
    }

    /// Gives each entry for which `newPosition` has one its payload's new position (after a
    /// compaction), a few hundred keys at a time: their positions are read under the lock, the new
    /// ones worked out without it, and written back under it to the entries still there.
    func moved(by newPosition: (Int64) -> Int64?) {
        var next = 0, more = true
        while more {
            var found: [(slot: Int, id: Int64, position: Int64)] = []
            lock.withLock {
                let stop = min(lists.count, next + 256)
                for slot in next..<stop { found += lists[slot].lazy.map { (slot, $0.id, $0.position) } }
                next = stop
                more = next < lists.count
            }
            let moves = found.compactMap { entry in newPosition(entry.position).map { (entry.slot, entry.id, $0) } }
            lock.withLock {
                for (slot, id, position) in moves {
                    // The writer may have removed entries meanwhile; the list is in id order.
                    let index = firstIndex(in: lists[slot], after: id - 1)
                    if index < lists[slot].count, lists[slot][index].id == id { lists[slot][index].position = position }
                }
            }
        }
    }

    /// Runs `body` on each key's list, taking the lock for a few hundred keys at a time.
    private func forEachList(_ body: ([QueueEntry], String) -> Void) {
        var next = 0
        while lock.withLock({ () -> Bool in
            let stop = min(lists.count, next + 256)
            for slot in next..<stop where !lists[slot].isEmpty { body(lists[slot], keys[slot]) }
            next = stop
            return next < lists.count
        }) {}
    }

    // The helpers below run with `lock` held (or during init).

    /// Appends `entry` to the list of `key` (`tokenKey` in the map); how many entries `key` has
    /// now. Entries come in id order: the log's in order, then the ids the relay gives, counting
    /// up on the writer thread.
    @discardableResult
    private func append(_ entry: QueueEntry, to key: String, _ tokenKey: TokenKey) -> Int {
        let slot: Int
        if let known = slots[tokenKey] {
            slot = known
        } else {
            if let free = freeSlots.popLast() {
                slot = free
                keys[slot] = key
            } else {
                slot = lists.count
                keys.append(key)
                lists.append([])
                nextInGroup.append(Self.none)
                previousInGroup.append(Self.none)
            }
            slots[tokenKey] = slot
        }
        let before = lists[slot].count
        lists[slot].append(entry)
        totals = (totals.count + 1, totals.bytes + entry.bytes)
        regroup(slot, from: before)
        return before + 1
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
        if lists[slot].isEmpty, case let key = TokenKey(keys[slot]), slots[key] == slot {
            slots[key] = nil
            keys[slot] = ""
            freeSlots.append(slot)
        }
        return (count, bytes)
    }

    /// Moves `slot` from the group of `before` entries to the group of its count now.
    private func regroup(_ slot: Int, from before: Int) {
        let now = lists[slot].count
        guard before != now else { return }
        if before > 0 { unlink(slot, from: before) }
        if now > 0 { link(slot, into: now) }
        if now > largestCount {
            largestCount = now
        } else {
            while largestCount > 0 && firstSlotByCount[largestCount] == Self.none { largestCount -= 1 }
        }
    }

    private func link(_ slot: Int, into count: Int) {
        while firstSlotByCount.count <= count { firstSlotByCount.append(Self.none) }
        let first = firstSlotByCount[count]
        nextInGroup[slot] = first
        previousInGroup[slot] = Self.none
        if first != Self.none { previousInGroup[first] = slot }
        firstSlotByCount[count] = slot
    }

    private func unlink(_ slot: Int, from count: Int) {
        let (previous, next) = (previousInGroup[slot], nextInGroup[slot])
        if previous != Self.none { nextInGroup[previous] = next } else { firstSlotByCount[count] = next }
        if next != Self.none { previousInGroup[next] = previous }
        (previousInGroup[slot], nextInGroup[slot]) = (Self.none, Self.none)
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
