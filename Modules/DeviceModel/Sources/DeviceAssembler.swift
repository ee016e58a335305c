import Essentials
import HAModels

/// Builds the devices of a home from the registries and the states at once: the first reading
/// of a ``DeviceIndex``, and the reference its change-by-change updates must equal.
struct DeviceAssembler {
    let registries: RegistrySnapshot
    let states: [String: EntityState]
    let temperatureUnit: String

    func devices(_ query: DeviceQuery) -> [Device] {
        let builder = DeviceBuilder(query: query, temperatureUnit: temperatureUnit)
        // Indices, not copies: a registry entry is a dozen strings.
        var byDevice: [String: [Int]] = [:]
        for (index, entity) in registries.entities.enumerated() {
            if let device = entity.deviceID { byDevice[device, default: []].append(index) }
        }
        var devices: [Device] = []
        for entry in registries.devices where builder.selects(entry) {
            let entities = (byDevice[entry.id] ?? []).map { registries.entities[$0] }.filter(builder.selects).map {
                builder.entity($0.entityID, state: states[$0.entityID], registry: $0, deviceArea: entry.areaID)
            }
            devices.append(builder.device(entry, entities: entities))
        }
        if query.includeStandalone {
            let registered = Set(registries.entities.map(\.entityID))
            for entry in registries.entities where entry.deviceID == nil && builder.selects(entry) {
                devices.append(builder.standalone(builder.entity(entry.entityID, state: states[entry.entityID], registry: entry, deviceArea: nil)))
            }
            for state in states.values where !registered.contains(state.entityID) {
                devices.append(builder.standalone(builder.entity(state.entityID, state: state, registry: nil, deviceArea: nil)))
            }
        }
        return devices.filter(builder.shows).sorted(by: DeviceBuilder.inOrder)
    }
}
