import XCTest
@testable import PushRelay

/// The queue's in-memory index: ids per key in order, totals, the fullest key, what a failed
/// write leaves (nothing), expiry across keys, and entries moved by compaction.
final class QueueIndexTests: XCTestCase {
    private func entry(_ id: Int64, _ bytes: Int = 10) -> QueueEntry { QueueEntry(id: id, bytes: bytes, position: id * 100, time: Double(id)) }

    /// An index of `rows`, added in order (as the log is read back).
    private func index(_ rows: [(String, QueueEntry)]) -> QueueIndex {
        let index = QueueIndex()
        for (key, entry) in rows { index.added(entry, to: key) }
        return index
    }

    func testIdsAfterACursorAndUpToAnId() {
        let index = index([("a", entry(1)), ("b", entry(2)), ("a", entry(3)), ("a", entry(5))])
        XCTAssertEqual(index.entries(of: "a", after: 0, limit: 10).map(\.id), [1, 3, 5])
        XCTAssertEqual(index.entries(of: "a", after: 1, limit: 1).map(\.id), [3])
        XCTAssertEqual(index.entries(of: "a", after: 4, limit: 10).map(\.id), [5], "a cursor between two ids")
        XCTAssertEqual(index.entries(of: "a", after: 5, limit: 10).map(\.id), [])
        XCTAssertEqual(index.entries(of: "nobody", after: 0, limit: 10).map(\.id), [])
        XCTAssertEqual(index.entries(of: "a", through: 3), [entry(1), entry(3)])
        XCTAssertEqual(index.oldest(2, of: "a"), [entry(1), entry(3)])
        XCTAssertEqual(index.total.count, 4)
        XCTAssertEqual(index.total.bytes, 40)
    }

    func testRemovingCountsWhatWentAndWhatWasDropped() {
        let index = index([("a", entry(1, 3)), ("a", entry(2, 4)), ("b", entry(3, 5))])
        let removed = index.removed(from: "a", through: 1, dropped: true)
        XCTAssertEqual(removed.count, 1)
        XCTAssertEqual(removed.bytes, 3)
        XCTAssertEqual(index.removed(from: "b", through: .max, dropped: false).count, 1)
        XCTAssertEqual(index.droppedCount, 1, "an acknowledgement is not a drop")
        XCTAssertEqual(index.total.count, 1)
        XCTAssertEqual(index.total.bytes, 4)
        XCTAssertEqual(index.removed(from: "nobody", through: .max, dropped: true).count, 0)
    }

    func testTheFullestKeyFollowsAddsAndRemovals() {
        let index = QueueIndex()
        XCTAssertNil(index.largest)
        index.added(entry(1), to: "a")
        index.added(entry(2), to: "b")
        index.added(entry(3), to: "b")
        XCTAssertEqual(index.largest, "b")
        index.removed(from: "b", through: 3, dropped: true)
        XCTAssertEqual(index.largest, "a")
        index.removed(from: "a", through: 1, dropped: false)
        XCTAssertNil(index.largest)
        XCTAssertEqual(index.total.count, 0)
    }

    func testAFailedWriteLeavesNothingBehind() {
        let index = index([("a", entry(1)), ("a", entry(2, 7))])
        index.added(entry(3, 9), to: "a")
        XCTAssertEqual(index.total.bytes, 26)
        index.removed(3, from: "a")
        XCTAssertEqual(index.entries(of: "a", through: .max), [entry(1), entry(2, 7)])
        XCTAssertEqual(index.total.count, 2)
        XCTAssertEqual(index.total.bytes, 17)
        XCTAssertEqual(index.largest, "a")
    }

    func testAFreedSlotIsGivenToOneKeyOnly() {
        let index = index([("a", entry(4))])
        index.removed(from: "a", through: .max, dropped: false)
        index.added(entry(5), to: "b")
        index.added(entry(6), to: "c")
        XCTAssertEqual(index.entries(of: "b", after: 0, limit: 10).map(\.id), [5])
        XCTAssertEqual(index.entries(of: "c", after: 0, limit: 10).map(\.id), [6], "a freed slot is given to one key only")
        XCTAssertEqual(index.entries(of: "a", after: 0, limit: 10).map(\.id), [])
        XCTAssertEqual(index.total.count, 2)
    }

    func testTheFullestKeyMatchesAModelOverManyKeys() {
        let index = QueueIndex()
        var model: [String: [Int64]] = [:]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for id in Int64(1)...4_000 {
            let key = "k\(next(40))"
            if next(4) == 0, let ids = model[key], !ids.isEmpty {
                let through = ids[next(ids.count)]
                index.removed(from: key, through: through, dropped: false)
                model[key] = ids.filter { $0 > through }
            } else {
                XCTAssertEqual(index.added(entry(id), to: key), (model[key]?.count ?? 0) + 1, "the count after an add")
                model[key, default: []].append(id)
            }
            let fullest = model.values.map(\.count).max() ?? 0
            if fullest == 0 {
                XCTAssertNil(index.largest)
            } else {
                XCTAssertEqual(index.largest.flatMap { model[$0]?.count }, fullest, "after id \(id)")
            }
            XCTAssertEqual(index.total.count, model.values.map(\.count).reduce(0, +))
        }
    }

    func testExpiryRemovesWhatWasQueuedBeforeATimeFromEveryKey() {
        let index = index([("a", entry(1)), ("b", entry(2)), ("a", entry(3)), ("c", entry(4))])
        XCTAssertEqual(index.expired(before: 3), 2, "1 and 2, queued at 1 and 2")
        XCTAssertEqual(index.entries(of: "a", after: 0, limit: 10).map(\.id), [3])
        XCTAssertEqual(index.entries(of: "b", after: 0, limit: 10), [])
        XCTAssertEqual(index.total.count, 2)
        XCTAssertEqual(index.largest.map { index.entries(of: $0, after: 0, limit: 10).count }, 1)
        XCTAssertEqual(index.expired(before: 3), 0)
    }

    func testLiveEntriesAreEveryEntryAndAllMoveWhereCompactionPutThem() {
        let index = index([("a", entry(1)), ("b", entry(2)), ("a", entry(3)), ("c", entry(4))])
        let live = index.live(before: .max).sorted { $0.entry.id < $1.entry.id }
        XCTAssertEqual(live.map(\.entry.id), [1, 2, 3, 4])
        XCTAssertEqual(live.map(\.key), ["a", "b", "a", "c"])
        XCTAssertEqual(index.live(before: 300).map(\.entry.id).sorted(), [1, 2], "payloads at 100 and 200")
        index.moved { $0 == 200 ? nil : $0 / 10 }
        XCTAssertEqual(index.entries(of: "a", after: 0, limit: 10).map(\.position), [10, 30])
        XCTAssertEqual(index.entries(of: "b", after: 0, limit: 10).map(\.position), [200], "left where it was")
        XCTAssertEqual(index.entries(of: "c", after: 0, limit: 10).map(\.position), [40])
    }
}
