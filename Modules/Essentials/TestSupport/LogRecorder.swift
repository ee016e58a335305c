import FoundationEssentials
import Essentials

/// Collects the lines a ``Logger`` writes, for tests to inspect.
public final class LogRecorder: @unchecked Sendable {
    // Guarded by `lock`: loggers may write from any thread.
    private var recorded: [String] = []
    private let lock = Lock()

    /// Creates an empty recorder.
    public init() {}

    /// Every line written so far.
    public var lines: [String] { lock.withLock { recorded } }

    /// Every message written so far, without the level and label in front of it.
    public var messages: [String] {
        lines.map { line in line.firstRange(of: ": ").map { String(line[$0.upperBound...]) } ?? line }
    }

    /// Whether any message so far contains `text`.
    public func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// A logger at `level` that writes into this recorder.
    public func logger(label: String = "test", level: LogLevel = .debug) -> Logger {
        Logger(label: label, level: level) { [self] line in lock.withLock { recorded.append(line) } }
    }
}
