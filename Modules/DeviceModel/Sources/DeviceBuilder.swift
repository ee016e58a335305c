import Essentials
import HAModels

/// Builds one device, or one entity of it, as a query sees it: the piece both the full
/// assembly and the change-by-change index use, so they cannot disagree.
struct DeviceBuilder {
    let query: DeviceQuery
    let temperatureUnit: String

    /// Whether the query keeps the entity (hidden and disabled ones only on request).
    func selects(_ entry: EntityRegistryEntry) -> Bool {
        (entry.hiddenBy == nil || query.includeHidden) && (entry.disabledBy == nil || query.includeDisabled)
    }

    /// Whether the query keeps the device entry (disabled ones only on request).
    func selects(_ entry: DeviceRegistryEntry) -> Bool { query.includeDisabled || entry.disabledBy == nil }

    /// Whether the query's room and type keep an assembled device.
    func shows(_ device: Device) -> Bool {
        (query.roomID == nil || device.roomID == query.roomID) && (query.type == nil || device.type == query.type)
    }

    /// One entity with its state (nil when the server has none) and, when registered, its entry.
    func entity(_ entityID: String, state: EntityState?, registry: EntityRegistryEntry?, deviceArea: String?) -> DeviceEntity {
        let name = registry?.name ?? state?.attributes["friendly_name"]?.stringValue ?? registry?.originalName ?? entityID
        return DeviceEntity(
            entityID: entityID, name: name, roomID: registry?.areaID ?? deviceArea,
            traits: state.map { TraitMapper.traits(of: $0, temperatureUnit: temperatureUnit) } ?? [], state: state,
            isHidden: registry?.hiddenBy != nil, isDisabled: registry?.disabledBy != nil, category: registry?.entityCategory
        )
    }

    /// A registry device with its selected entities, in registry order: its name, its room (its
    /// own area, else the one its visible entities share) and its type follow from them.
    func device(_ entry: DeviceRegistryEntry, entities: [DeviceEntity]) -> Device {
        let areas = Set(entities.filter { !$0.isHidden }.map(\.roomID))
        let room = entry.areaID ?? (areas.count == 1 ? areas.first ?? nil : nil)
        return Device(
            id: entry.id, name: entry.nameByUser ?? entry.name ?? entities.first?.name ?? entry.id, roomID: room,
            type: Self.type(of: entities), manufacturer: entry.manufacturer, model: entry.model,
            entities: entities, isStandalone: false, isDisabled: entry.disabledBy != nil
        )
    }

    /// An entity with no device, as a device of its own.
    func standalone(_ entity: DeviceEntity) -> Device {
        Device(
            id: entity.entityID, name: entity.name, roomID: entity.roomID, type: Self.type(of: [entity]), manufacturer: nil, model: nil,
            entities: [entity], isStandalone: true, isDisabled: entity.isDisabled
        )
    }

    /// The first type in precedence order that one of the entities (not a config or diagnostic one) makes.
    static func type(of entities: [DeviceEntity]) -> DeviceType {
        var best = DeviceType.precedence.count - 1
        for entity in entities where entity.category == nil {
            let type = DeviceType.of(domain: entity.domain, deviceClass: entity.state?.attributes["device_class"]?.stringValue)
            best = min(best, DeviceType.rank[type] ?? best)
        }
        return DeviceType.precedence[best]
    }

    /// Devices in the order every list of them uses: by name, ignoring case, then by id.
    static func inOrder(_ lhs: Device, _ rhs: Device) -> Bool { (lhs.name.lowercased(), lhs.id) < (rhs.name.lowercased(), rhs.id) }
}
