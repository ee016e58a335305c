import FoundationEssentials
import HAModels
import Networking
import Synchronization

/// A home model's device indexes, one per query in use, behind a lock: the entity store applies
/// each state change to them on the connection's reader, before anyone waiting on the store hears
/// of it, so what a reader of the model sees is never older than the store.
final class DeviceIndexes: Sendable {
    /// How many queries without a stream keep their devices ready (streams' queries always do).
    private static let idleQueries = 8

    private struct Indexed {
        var registries = RegistrySnapshot(areas: [], devices: [], entities: [])
        var temperatureUnit = "°C"
        var indexes: [DeviceQuery: DeviceIndex] = [:]
        /// When each query's devices last changed: one count for all, so a rebuilt index never
        /// repeats a version a stream saw.
        var versions: [DeviceQuery: Int] = [:]
        var version = 0
        /// Queries by last use.
        var recent: [DeviceQuery] = []
        /// Each stream's query and the signal that wakes it when that query's devices change.
        var listeners: [UUID: (query: DeviceQuery, signal: AsyncStream<Void>.Continuation)] = [:]

        mutating func bump(_ query: DeviceQuery) {
            version += 1
            versions[query] = version
        }
    }

    private let indexed = Mutex(Indexed())
    private let states: @Sendable () -> [String: EntityState]

    /// Indexes whose first reading takes the states from `states`.
    init(states: @escaping @Sendable () -> [String: EntityState]) {
        self.states = states
    }

    /// The devices `query` selects, with the version they have.
    func devices(_ query: DeviceQuery) -> (version: Int, devices: [Device]) {
        indexed.withLock { indexed in
            let devices = index(query, &indexed).devices
            return (indexed.versions[query] ?? 0, devices)
        }
    }

    /// The device with registry id or entity id `id` among every device, hidden, disabled and standalone ones included.
    func device(_ id: String) -> Device? {
        indexed.withLock { indexed in
            let all = index(DeviceQuery(includeHidden: true, includeDisabled: true, includeStandalone: true), &indexed)
            return all.device(id) ?? all.device(containing: id)
        }
    }

    /// One state change into every index; the streams of those whose devices changed are woken.
    func apply(_ change: EntityChange) {
        let woken = indexed.withLock { indexed in
            var changed: [DeviceQuery] = []
            for query in Array(indexed.indexes.keys) where indexed.indexes[query]?.apply(change) == true {
                indexed.bump(query)
                changed.append(query)
            }
            return changed.isEmpty ? [] : signals(of: changed, indexed)
        }
        for signal in woken { signal.yield() }
    }

    /// A signal now and whenever the devices of `query` change, coalesced while the reader is
    /// busy; the query's index is kept while it runs.
    func listen(_ query: DeviceQuery) -> AsyncStream<Void> {
        let (stream, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        indexed.withLock { $0.listeners[key] = (query, signal) }
        signal.onTermination = { [weak self] _ in self?.stopListening(key) }
        signal.yield()
        return stream
    }

    /// Ends every stream.
    func finishListening() {
        let signals = indexed.withLock { indexed in indexed.listeners.values.map(\.signal) }
        for signal in signals { signal.finish() }
    }

    /// New registries or temperature unit: every index built again, its version kept where its
    /// devices are the same.
    func reset(registries: RegistrySnapshot, temperatureUnit: String) {
        let woken = indexed.withLock { indexed in
            indexed.registries = registries
            indexed.temperatureUnit = temperatureUnit
            let states = self.states()
            var changed: [DeviceQuery] = []
            for (query, old) in indexed.indexes {
                let index = DeviceIndex(query: query, registries: registries, states: states, temperatureUnit: temperatureUnit)
                indexed.indexes[query] = index
                if index.devices != old.devices {
                    indexed.bump(query)
                    changed.append(query)
                }
            }
            return signals(of: changed, indexed)
        }
        for signal in woken { signal.yield() }
    }

    private func signals(of queries: [DeviceQuery], _ indexed: Indexed) -> [AsyncStream<Void>.Continuation] {
        indexed.listeners.values.filter { queries.contains($0.query) }.map(\.signal)
    }

    private func stopListening(_ key: UUID) {
        indexed.withLock { indexed in
            guard indexed.listeners.removeValue(forKey: key) != nil else { return }
            dropIdle(&indexed)
        }
    }

    private func index(_ query: DeviceQuery, _ indexed: inout Indexed) -> DeviceIndex {
        indexed.recent.removeAll { $0 == query }
        indexed.recent.append(query)
        if let index = indexed.indexes[query] { return index }
        let index = DeviceIndex(query: query, registries: indexed.registries, states: states(), temperatureUnit: indexed.temperatureUnit)
        indexed.indexes[query] = index
        indexed.bump(query)
        dropIdle(&indexed)
        return index
    }

    private func dropIdle(_ indexed: inout Indexed) {
        let streamed = Set(indexed.listeners.values.map(\.query))
        let idle = indexed.recent.filter { !streamed.contains($0) }
        for query in idle.dropLast(Self.idleQueries) {
            indexed.indexes[query] = nil
            indexed.versions[query] = nil
            indexed.recent.removeAll { $0 == query }
        }
    }
}
