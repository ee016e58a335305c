import Foundation

/// The statuses the server answered by itself, from its threads.
final class StatusLog: @unchecked Sendable {
    private var values: [Int] = []
    private let lock = NSLock()

    func append(_ status: Int) { lock.withLock { values.append(status) } }

    var statuses: [Int] { lock.withLock { values } }
}
