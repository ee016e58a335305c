/// A device of the home: a device registry entry with its entities, or an entity that has no
/// device (a helper, a scene, a script, a state set through the API), standing alone.
public struct Device: Sendable, Equatable {
    /// The registry id, or the entity id for an entity standing alone.
    public let id: String
    public let name: String
    /// The device's area, or the area its entities share where Home Assistant puts it there.
    public let roomID: String?
    public let type: DeviceType
    public let manufacturer: String?
    public let model: String?
    public let entities: [DeviceEntity]
    public let isStandalone: Bool
    public let isDisabled: Bool

    /// The union of its entities' traits.
    public var traits: [Trait] { entities.flatMap(\.traits) }
}
