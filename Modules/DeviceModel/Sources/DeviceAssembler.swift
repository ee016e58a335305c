import Essentials
import HAModels

/// Builds the devices of a home from the registries and the states: a pure function of both,
/// so the model recomputes it whenever either changes.
struct DeviceAssembler {
    let registries: RegistrySnapshot
    let states: [String: EntityState]
    let temperatureUnit: String

    func devices(_ query: DeviceQuery) -> [Device] {
        // Indices, not copies: a registry entry is a dozen strings.
        var byDevice: [String: [Int]] = [:]
        for (index, entity) in registries.entities.enumerated() {
            if let device = entity.deviceID { byDevice[device, default: []].append(index) }
        }
        var devices: [Device] = []
        for entry in registries.devices where query.includeDisabled || entry.disabledBy == nil {
            let entities = (byDevice[entry.id] ?? []).compactMap { entity(for: registries.entities[$0], deviceArea: entry.areaID, query) }
            let areas = Set(entities.filter { !$0.isHidden }.map(\.roomID))
            let room = entry.areaID ?? (areas.count == 1 ? areas.first ?? nil : nil)
            devices.append(Device(
                id: entry.id, name: entry.nameByUser ?? entry.name ?? entities.first?.name ?? entry.id, roomID: room,
                type: Self.type(of: entities), manufacturer: entry.manufacturer, model: entry.model,
                entities: entities, isStandalone: false, isDisabled: entry.disabledBy != nil
            ))
        }
        if query.includeStandalone {
            let registered = Dictionary(registries.entities.map { ($0.entityID, $0) }, uniquingKeysWith: { first, _ in first })
            for entry in registries.entities where entry.deviceID == nil {
                if let entity = entity(for: entry, deviceArea: nil, query) { devices.append(standalone(entity)) }
            }
            for state in states.values where registered[state.entityID] == nil {
                devices.append(standalone(entity(state: state, registry: nil, deviceArea: nil)))
            }
        }
        return devices
            .filter { query.roomID == nil || $0.roomID == query.roomID }
            .filter { query.type == nil || $0.type == query.type }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    private func entity(for entry: EntityRegistryEntry, deviceArea: String?, _ query: DeviceQuery) -> DeviceEntity? {
        if entry.hiddenBy != nil && !query.includeHidden { return nil }
        if entry.disabledBy != nil && !query.includeDisabled { return nil }
        return entity(state: states[entry.entityID], registry: entry, deviceArea: deviceArea, entityID: entry.entityID)
    }

    private func entity(state: EntityState?, registry: EntityRegistryEntry?, deviceArea: String?, entityID: String? = nil) -> DeviceEntity {
        let id = entityID ?? state?.entityID ?? ""
        let name = registry?.name ?? state?.attributes["friendly_name"]?.stringValue ?? registry?.originalName ?? id
        return DeviceEntity(
            entityID: id, name: name, roomID: registry?.areaID ?? deviceArea,
            traits: state.map { TraitMapper.traits(of: $0, temperatureUnit: temperatureUnit) } ?? [], state: state,
            isHidden: registry?.hiddenBy != nil, isDisabled: registry?.disabledBy != nil, category: registry?.entityCategory
        )
    }

    private func standalone(_ entity: DeviceEntity) -> Device {
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
}
