import Foundation

/// Lines a component logs, for a test to wait on.
final class LogLines: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()

    func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var all: [String] { lock.withLock { lines } }

    func contains(_ text: String) -> Bool { all.contains { $0.contains(text) } }
}
