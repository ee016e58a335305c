import FoundationEssentials

/// A levelled logger that writes one line per message and never lets a secret through.
///
/// Every message passes through a ``SecretRedactor`` before it reaches the sink, so a token
/// that ends up in an error description is still masked.
public struct Logger: Sendable {
    /// Messages below this level are dropped.
    public let level: LogLevel
    /// The component the messages come from, shown in each line.
    public let label: String
    private let redactor: SecretRedactor
    private let sink: @Sendable (String) -> Void

    /// Creates a logger writing formatted lines to `sink`.
    public init(
        label: String, level: LogLevel, redactor: SecretRedactor = SecretRedactor(),
        sink: @escaping @Sendable (String) -> Void
    ) {
        self.label = label
        self.level = level
        self.redactor = redactor
        self.sink = sink
    }

    /// A logger writing to standard error.
    public static func standardError(label: String, level: LogLevel) -> Logger {
        Logger(label: label, level: level) { line in
            StandardStream.error.write(line + "\n")
        }
    }

    /// The same logger under another label, for a component or a plugin.
    public func labeled(_ label: String) -> Logger {
        Logger(label: label, level: level, redactor: redactor, sink: sink)
    }

    /// The same logger, also masking `secret` wherever it appears.
    public func redacting(_ secret: String) -> Logger {
        Logger(label: label, level: level, redactor: redactor.adding(secret), sink: sink)
    }

    /// Writes `message` when `messageLevel` is at or above the logger's level.
    public func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard messageLevel >= level else { return }
        sink("[\(messageLevel.name)] \(label): \(LogText.sanitized(redactor.redact(message())))")
    }

    /// Logs detail useful while debugging.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// Logs normal progress.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Logs something unexpected that the program survives.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Logs a failure.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
