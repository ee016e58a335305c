/// How important a log message is; messages below the logger's level are dropped.
public enum LogLevel: Int32, Sendable, Comparable, CaseIterable {
    case debug = 1
    case info = 2
    case warning = 3
    case error = 4

    /// The lower-case name used in configuration and output (`debug`, `info`, …).
    public var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// Parses a level name such as `HOME_LOG_LEVEL=debug`; nil for an unknown name.
    public init?(name: String) {
        guard let level = LogLevel.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = level
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
