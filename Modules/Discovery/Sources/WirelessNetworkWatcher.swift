import DBus
import Essentials
import FoundationEssentials
import Synchronization

/// Tells when the Wi-Fi networks this machine is on change: NetworkManager's `PropertiesChanged`
/// and `StateChanged` signals (believed only from the owner of its name) and its arrival or
/// departure on the bus make it read ``WirelessNetworks`` again, and so does every
/// ``recheckInterval`` seconds in case a signal was missed; `changed` runs, on the watcher's own
/// thread, only when the set differs from the last one (nil: NetworkManager cannot be asked).
public final class WirelessNetworkWatcher: Sendable {
    /// Seconds between reads when no signal comes.
    public static let recheckInterval = 10.0
    private let stopped = Atomic<Bool>(false)

    /// Starts watching `bus` (the system bus, where NetworkManager is); `initial` is the set the
    /// caller already knows, so the first call of `changed` is a real change.
    public init(bus: DBusBus = .system, initial: Set<String>?, logger: Logger, changed: @escaping @Sendable (Set<String>?) -> Void) throws(ThreadStartError) {
        // The thread holds the watcher until it sees the stop.
        try DetachedThread.start {
            self.watch(bus: bus, initial: initial, logger: logger, changed: changed)
        }
    }

    /// Stops watching (within a second); `changed` is not called after the watcher's thread sees it.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func watch(bus: DBusBus, initial: Set<String>?, logger: Logger, changed: @Sendable (Set<String>?) -> Void) {
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: bus)
            try connection.addMatch("type='signal',sender='\(WirelessNetworks.service)',path='\(WirelessNetworks.path)'")
            try connection.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(WirelessNetworks.service)'")
        } catch {
            logger.info("no system bus (\(error)): the server's URL does not follow the Wi-Fi network")
            return
        }
        defer { connection.close() }
        let owner = DBusNameOwner(name: WirelessNetworks.service)
        var known = initial
        var lastRead = Deadline(in: Self.recheckInterval)
        while !stopped.load(ordering: .relaxed) {
            let signal: DBusSignal?
            do {
                signal = try connection.nextSignal(timeout: 1)
            } catch {
                logger.warning("the system bus went away (\(error)): the server's URL no longer follows the Wi-Fi network")
                return
            }
            let fromNetworkManager = signal.map { $0.member == "NameOwnerChanged" ? $0.sender == "org.freedesktop.DBus" : owner.sent($0, on: connection) } ?? false
            guard fromNetworkManager || lastRead.hasPassed else { continue }
            lastRead = Deadline(in: Self.recheckInterval)
            let now = try? WirelessNetworks.current(on: connection)
            guard now != known, !stopped.load(ordering: .relaxed) else { continue }
            known = now
            changed(now)
        }
    }
}
