import Foundation
import Essentials

/// Collects the lines a ``Logger`` writes, for tests to inspect.
public final class LogRecorder: @unchecked Sendable {
    // Guarded by `lock`: loggers may write from any thread.
    private var recorded: [String] = []
    private let lock = NSLock()

    /// Creates an empty recorder.
    public init() {}

    /// Every line written so far.
    public var lines: [String] { lock.withLock { recorded } }

    /// A logger at `level` that writes into this recorder.
    public func logger(label: String = "test", level: LogLevel = .debug) -> Logger {
        Logger(label: label, level: level) { [self] line in lock.withLock { recorded.append(line) } }
    }
}
