import Synchronization

/// A flag one thread sets (a timer) and another reads.
final class Flag: Sendable {
    private let value = Atomic(false)

    func set() { value.store(true, ordering: .releasing) }

    var isSet: Bool { value.load(ordering: .acquiring) }
}
