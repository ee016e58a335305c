/// A device of the home: a device registry entry with its entities, or an entity that has no
/// device (a helper, a scene, a script, a state set through the API), standing alone.
///
/// Its fields live in one shared box, so a list of devices copies as one reference per device
/// (a stream's new value shares every device that did not change) and two copies of one device
/// compare at once.
public struct Device: Sendable, Equatable {
    private final class Fields: Sendable {
        let id: String
        let name: String
        let roomID: String?
        let type: DeviceType
        let manufacturer: String?
        let model: String?
        let entities: [DeviceEntity]
        let isStandalone: Bool
        let isDisabled: Bool

        init(id: String, name: String, roomID: String?, type: DeviceType, manufacturer: String?, model: String?, entities: [DeviceEntity],
             isStandalone: Bool, isDisabled: Bool) {
            (self.id, self.name, self.roomID, self.type, self.manufacturer, self.model) = (id, name, roomID, type, manufacturer, model)
            (self.entities, self.isStandalone, self.isDisabled) = (entities, isStandalone, isDisabled)
        }
    }

    private let fields: Fields

    init(id: String, name: String, roomID: String?, type: DeviceType, manufacturer: String?, model: String?, entities: [DeviceEntity],
         isStandalone: Bool, isDisabled: Bool) {
        fields = Fields(id: id, name: name, roomID: roomID, type: type, manufacturer: manufacturer, model: model, entities: entities,
                        isStandalone: isStandalone, isDisabled: isDisabled)
    }

    /// The registry id, or the entity id for an entity standing alone.
    public var id: String { fields.id }
    public var name: String { fields.name }
    /// The device's area, or the area its entities share where Home Assistant puts it there.
    public var roomID: String? { fields.roomID }
    public var type: DeviceType { fields.type }
    public var manufacturer: String? { fields.manufacturer }
    public var model: String? { fields.model }
    public var entities: [DeviceEntity] { fields.entities }
    public var isStandalone: Bool { fields.isStandalone }
    public var isDisabled: Bool { fields.isDisabled }

    /// The union of its entities' traits.
    public var traits: [Trait] { entities.flatMap(\.traits) }

    public static func == (lhs: Device, rhs: Device) -> Bool {
        lhs.fields === rhs.fields || (
            lhs.id == rhs.id && lhs.name == rhs.name && lhs.roomID == rhs.roomID && lhs.type == rhs.type && lhs.manufacturer == rhs.manufacturer
                && lhs.model == rhs.model && lhs.isStandalone == rhs.isStandalone && lhs.isDisabled == rhs.isDisabled && lhs.entities == rhs.entities
        )
    }
}
