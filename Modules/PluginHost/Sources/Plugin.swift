/// A feature that registers capabilities with the host.
///
/// The host creates a plugin from its configuration, calls ``start(_:)`` once the plugins it
/// requires have started, and ``stop()`` in reverse order at shutdown.
public protocol Plugin: AnyObject, Sendable {
    /// Registers the plugin's capabilities, resolving the ones it requires from `context`.
    func start(_ context: PluginContext) async throws
    /// Releases what ``start(_:)`` acquired. Called only after a successful start.
    func stop() async
}
