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
        let watcher = WirelessNetworkWatcher(initial: networks(), logger: logger) { continuation.yield($0) }
        continuation.onTermination = { _ in watcher.stop() }
        return stream
    }
}
