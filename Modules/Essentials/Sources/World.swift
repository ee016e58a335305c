import Foundation

/// Every dependency production code reaches for, in one value: ``Current``.
///
/// Tests replace only the members they use; `PluginHostTestSupport` offers a world whose
/// every member fails loudly until a test sets it.
public struct World: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// The process environment.
    public var environment: @Sendable () -> [String: String]
    /// Where configuration and data live.
    public var directories: @Sendable () -> DirectoryLayout
    /// The logger for a component, labelled with its name.
    public var logger: @Sendable (_ label: String) -> Logger

    /// Creates a world from its members.
    public init(
        now: @escaping @Sendable () -> Date,
        environment: @escaping @Sendable () -> [String: String],
        directories: @escaping @Sendable () -> DirectoryLayout,
        logger: @escaping @Sendable (_ label: String) -> Logger
    ) {
        self.now = now
        self.environment = environment
        self.directories = directories
        self.logger = logger
    }

    /// The real world: system clock, process environment, XDG folders, and a logger to
    /// standard error at the level `HOME_LOG_LEVEL` names (default `warning`).
    public static let live: World = {
        let environment = ProcessInfo.processInfo.environment
        let level = environment["HOME_LOG_LEVEL"].flatMap(LogLevel.init(name:)) ?? .warning
        let layout = DirectoryLayout(environment: environment)
        return World(
            now: { Date() },
            environment: { environment },
            directories: { layout },
            logger: { label in Logger.standardError(label: label, level: level) }
        )
    }()
}
