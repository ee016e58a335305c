import Synchronization

/// Lines logged from any thread.
final class LogBox: Sendable {
    private let collected = Mutex<[String]>([])

    var lines: [String] { collected.withLock { $0 } }

    func append(_ line: String) {
        collected.withLock { $0.append(line) }
    }
}
