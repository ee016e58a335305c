import Discovery
import Essentials
import HomeAPI

/// The Home client's ``NetworkLocating`` over NetworkManager on the system bus: the Wi-Fi networks
/// read when asked, and a watcher of its own for each stream of changes, stopped with the stream.
struct NetworkManagerLocator: NetworkLocating {
    let logger: Logger

    func networks() -> Set<String>? {
        WirelessNetworks.current()
    }

    func changes() -> AsyncStream<Set<String>?> {
        let (stream, continuation) = AsyncStream.makeStream(of: Set<String>?.self)
        do {
            let watcher = try WirelessNetworkWatcher(initial: networks(), logger: logger) { continuation.yield($0) }
            continuation.onTermination = { _ in watcher.stop() }
        } catch {
            // No changes come, as when NetworkManager cannot be asked; the networks are still read when asked.
            logger.warning("Wi-Fi changes cannot be watched: \(error)")
            continuation.finish()
        }
        return stream
    }
}
