import Essentials
import FoundationEssentials

/// The capabilities started plugins provide, keyed by ``CapabilityID``.
public final class CapabilityRegistry: @unchecked Sendable {
    private struct Entry {
        let value: any Sendable
        let provider: String
    }

    // Guarded by `lock`; the registry is written while plugins start and read from anywhere.
    private var entries: [CapabilityID: Entry] = [:]
    private let lock = Lock()

    /// Creates an empty registry.
    public init() {}

    /// Registers `value` for `key`; a capability is provided by one plugin only.
    public func register<Value: Sendable>(_ key: CapabilityKey<Value>, _ value: Value, providedBy provider: String) throws {
        try lock.withLock {
            if let existing = entries[key.id] {
                throw CapabilityError.alreadyProvided(key.id, by: existing.provider)
            }
            entries[key.id] = Entry(value: value, provider: provider)
        }
    }

    /// The implementation registered for `key`.
    public func resolve<Value>(_ key: CapabilityKey<Value>) throws -> Value {
        let entry = lock.withLock { entries[key.id] }
        guard let entry else { throw CapabilityError.notProvided(key.id) }
        guard let value = entry.value as? Value else {
            throw CapabilityError.wrongType(key.id, expected: String(describing: Value.self), provider: entry.provider)
        }
        return value
    }

    /// The id of the plugin that provides `id`, if any has.
    public func provider(of id: CapabilityID) -> String? {
        lock.withLock { entries[id]?.provider }
    }

    /// Removes every capability `provider` registered, when it stops or fails half way.
    func removeCapabilities(of provider: String) {
        lock.withLock { entries = entries.filter { $0.value.provider != provider } }
    }
}
