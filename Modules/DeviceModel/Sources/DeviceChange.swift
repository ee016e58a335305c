/// One difference between two readings of the home's devices, for people watching it change.
public struct DeviceChange: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case added, removed, renamed, moved, state
    }

    public let kind: Kind
    public let deviceID: String
    public let deviceName: String
    /// For `.state`, the entity that changed.
    public let entityID: String?
    /// What it was and what it is: a name, a room id, or an entity's state.
    public let old: String?
    public let new: String?

    /// The changes from `old` to `new`, device by device in the new order, removals last.
    public static func between(_ old: [Device], _ new: [Device]) -> [DeviceChange] {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [DeviceChange] = []
        for device in new {
            guard let previous = before[device.id] else {
                changes.append(DeviceChange(kind: .added, deviceID: device.id, deviceName: device.name, entityID: nil, old: nil, new: device.roomID))
                continue
            }
            if previous.name != device.name {
                changes.append(DeviceChange(kind: .renamed, deviceID: device.id, deviceName: device.name, entityID: nil, old: previous.name, new: device.name))
            }
            if previous.roomID != device.roomID {
                changes.append(DeviceChange(kind: .moved, deviceID: device.id, deviceName: device.name, entityID: nil, old: previous.roomID, new: device.roomID))
            }
            let states = Dictionary(previous.entities.map { ($0.entityID, $0.state?.state) }, uniquingKeysWith: { first, _ in first })
            for entity in device.entities where states[entity.entityID] != nil && states[entity.entityID] != entity.state?.state {
                changes.append(DeviceChange(
                    kind: .state, deviceID: device.id, deviceName: device.name, entityID: entity.entityID,
                    old: states[entity.entityID] ?? nil, new: entity.state?.state
                ))
            }
        }
        let now = Set(new.map(\.id))
        for device in old where !now.contains(device.id) {
            changes.append(DeviceChange(kind: .removed, deviceID: device.id, deviceName: device.name, entityID: nil, old: device.roomID, new: nil))
        }
        return changes
    }
}
