import FoundationEssentials
import Glibc

/// Every dependency production code reaches for, in one value: ``Current``.
///
/// Tests replace only the members they use; `EssentialsTestSupport` offers a world whose
/// members that reach outside the process fail loudly until a test sets them.
public struct World: Sendable {
    /// The wall-clock time, for timestamps people read and the server compares.
    public var now: @Sendable () -> Date
    /// Seconds on the monotonic clock (never steps when the wall clock is set), for deadlines
    /// and durations; only differences between two readings mean anything.
    public var uptime: @Sendable () -> Double
    /// Suspends the calling task for `seconds`; throws `CancellationError` when it is cancelled.
    public var sleep: @Sendable (_ seconds: Double) async throws -> Void
    /// A uniformly random 64-bit value from the system's secure generator (``WorldRandom`` makes
    /// it a `RandomNumberGenerator`).
    public var random: @Sendable () -> UInt64
    /// The process environment.
    public var environment: @Sendable () -> [String: String]
    /// Where configuration and data live.
    public var directories: @Sendable () -> DirectoryLayout
    /// The logger for a component, labelled with its name.
    public var logger: @Sendable (_ label: String) -> Logger

    /// Creates a world from its members; the monotonic clock, sleep and randomness are the
    /// machine's unless given.
    public init(
        now: @escaping @Sendable () -> Date,
        uptime: @escaping @Sendable () -> Double = World.machineUptime,
        sleep: @escaping @Sendable (_ seconds: Double) async throws -> Void = World.machineSleep,
        random: @escaping @Sendable () -> UInt64 = World.machineRandom,
        environment: @escaping @Sendable () -> [String: String],
        directories: @escaping @Sendable () -> DirectoryLayout,
        logger: @escaping @Sendable (_ label: String) -> Logger
    ) {
        self.now = now
        self.uptime = uptime
        self.sleep = sleep
        self.random = random
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

    /// The machine's monotonic clock, in seconds (`CLOCK_MONOTONIC`, read through the vDSO: a
    /// request path may ask it every time).
    public static let machineUptime: @Sendable () -> Double = {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A task sleep of `seconds` (none for zero or less).
    public static let machineSleep: @Sendable (_ seconds: Double) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 1e9)) * 1_000_000_000))
    }

    /// The system's secure random generator.
    public static let machineRandom: @Sendable () -> UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}
