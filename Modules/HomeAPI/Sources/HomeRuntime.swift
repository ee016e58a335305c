import Synchronization

/// The Home client's process-wide state: its configuration, the locale in memory, the active
/// session and who forgets what for a server. One lock guards them so they change together.
enum HomeRuntime {
    struct State: Sendable {
        var configuration: HomeClientConfiguration?
        var locale: LanguageTag?
        var active: Home?
        var forgetters: @Sendable () async -> [any ServerForgetting] = { [] }
    }

    static let state = Mutex(State())

    /// The configuration; ``HomeError/notConfigured`` before ``Home/configure(_:)``.
    static func configuration() throws(HomeError) -> HomeClientConfiguration {
        guard let configuration = state.withLock({ $0.configuration }) else { throw .notConfigured }
        return configuration
    }
}
