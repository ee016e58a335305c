/// Why bytes of the ``QueueLogFile`` are not a record it wrote.
struct QueueLogDamage: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
