import Synchronization

/// The lines a daemon or handler logged, collected from any thread.
final class LineLog: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}
