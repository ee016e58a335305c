import HAModels

/// One entity of a device: its traits, its full state (every attribute, modelled or not), and
/// where Home Assistant puts it.
public struct DeviceEntity: Sendable, Equatable {
    public let entityID: String
    public let name: String
    /// The entity's area, else its device's.
    public let roomID: String?
    public let traits: [Trait]
    /// Nil when the registry knows the entity but the server has no state for it (disabled).
    public let state: EntityState?
    public let isHidden: Bool
    public let isDisabled: Bool
    /// `config` or `diagnostic` for entities that are not the device's main function.
    public let category: String?

    public var domain: Substring { Self.domain(of: entityID) }

    /// `light` of `light.kitchen`, found on bytes (a Character walk costs more than the rest of a device).
    static func domain(of entityID: String) -> Substring {
        entityID.utf8.firstIndex(of: UInt8(ascii: ".")).map { entityID[..<$0] } ?? entityID[...]
    }
}
