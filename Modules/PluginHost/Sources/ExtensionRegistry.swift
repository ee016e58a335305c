import Essentials
import FoundationEssentials

/// The entries started plugins contribute to extension points, each tagged with its plugin.
public final class ExtensionRegistry: @unchecked Sendable {
    private struct Entry {
        let name: String
        let plugin: String
        let value: any Sendable
    }

    // Guarded by `lock`; written while plugins start and stop, read from anywhere.
    private var entries: [String: [Entry]] = [:]
    private let lock = Lock()

    /// Creates an empty registry.
    public init() {}

    /// Adds `value` as the entry `name` of `point`; a name is taken once per point.
    public func contribute<Value: Sendable>(_ point: ExtensionPoint<Value>, name: String, _ value: Value, by plugin: String) throws {
        try add(point: point.name, name: name, value: value, by: plugin)
    }

    /// Adds an out-of-tree plugin's entry, adapted when a consumer reads the point.
    func contribute(_ foreign: ForeignContribution, by plugin: String) throws {
        try add(point: foreign.declaration.point, name: foreign.declaration.name, value: foreign, by: plugin)
    }

    /// Every entry of `point`, in the order the plugins started; an out-of-tree entry is
    /// adapted by the point's `adaptForeign`, or left out when the point has none.
    public func contributions<Value: Sendable>(to point: ExtensionPoint<Value>) -> [Contribution<Value>] {
        let list = lock.withLock { entries[point.name] ?? [] }
        return list.compactMap { entry in
            if let value = entry.value as? Value { return Contribution(name: entry.name, plugin: entry.plugin, value: value) }
            if let foreign = entry.value as? ForeignContribution, let adapt = point.adaptForeign {
                return Contribution(name: entry.name, plugin: entry.plugin, value: adapt(foreign))
            }
            return nil
        }
    }

    /// Whether `plugin` contributed the entry `name` to the point named `point`.
    func hasEntry(point: String, name: String, by plugin: String) -> Bool {
        lock.withLock { entries[point]?.contains { $0.name == name && $0.plugin == plugin } ?? false }
    }

    /// Removes every entry `plugin` contributed, when it stops or fails half way.
    func removeContributions(of plugin: String) {
        lock.withLock {
            for point in entries.keys { entries[point]?.removeAll { $0.plugin == plugin } }
        }
    }

    private func add(point: String, name: String, value: any Sendable, by plugin: String) throws {
        try lock.withLock {
            if let existing = entries[point]?.first(where: { $0.name == name }) {
                throw CapabilityError.alreadyContributed(point: point, name: name, by: existing.plugin)
            }
            entries[point, default: []].append(Entry(name: name, plugin: plugin, value: value))
        }
    }
}
