import Synchronization

/// The bytes of unfinished requests that every connection of one server holds together, against
/// one budget: a connection charges what its parser holds and gives it back as requests are
/// handed out or it closes. Loops charge concurrently, so the total may pass the budget by at most
/// one read per loop.
final class InputBudget: Sendable {
    let limit: Int
    private let held = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Bytes held now.
    var total: Int { held.load(ordering: .relaxed) }

    /// Bytes that may still be taken in.
    var room: Int { limit - total }

    /// Adds `delta` (negative: gives bytes back).
    func charge(_ delta: Int) {
        guard delta != 0 else { return }
        held.wrappingAdd(delta, ordering: .relaxed)
    }
}
