import Essentials
import HAModels
import Networking

/// The devices one query selects, kept up to date change by change: a state change rebuilds
/// only the entity that changed and the device that owns it, and moves that device in the
/// sorted list only when its name or visibility changed. So a busy home of 10,000 entities costs
/// per change what a small one does; only the registries changing rebuilds it all.
struct DeviceIndex {
    private let builder: DeviceBuilder
    /// Every registry entity by id.
    private let registered: [String: EntityRegistryEntry]
    /// The device entries the query keeps, by id.
    private let entries: [String: DeviceRegistryEntry]
    /// Every device the query keeps, before its room and type filters, by id.
    private var assembled: [String: Device]
    /// The devices it shows, in order, with each one's name in lower case beside it.
    private(set) var devices: [Device]
    private var sortNames: [String]

    /// The devices `query` selects from `registries` and `states`.
    init(query: DeviceQuery, registries: RegistrySnapshot, states: [String: EntityState], temperatureUnit: String) {
        builder = DeviceBuilder(query: query, temperatureUnit: temperatureUnit)
        registered = Dictionary(registries.entities.map { ($0.entityID, $0) }, uniquingKeysWith: { first, _ in first })
        entries = Dictionary(registries.devices.filter(builder.selects).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let every = DeviceAssembler(registries: registries, states: states, temperatureUnit: temperatureUnit)
            .devices(DeviceQuery(includeHidden: query.includeHidden, includeDisabled: query.includeDisabled, includeStandalone: query.includeStandalone))
        assembled = Dictionary(every.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        devices = every.filter(builder.shows)
        sortNames = devices.map { $0.name.lowercased() }
    }

    /// The device with registry id `id` (or an entity standing alone by its entity id), shown or not.
    func device(_ id: String) -> Device? { assembled[id] }

    /// The device an entity belongs to, if the query keeps it.
    func device(containing entityID: String) -> Device? {
        guard let owner = registered[entityID]?.deviceID ?? (assembled[entityID] == nil ? nil : entityID) else { return nil }
        return assembled[owner].flatMap { device in device.entities.contains { $0.entityID == entityID } ? device : nil }
    }

    /// Applies one state change; true when the devices shown changed.
    mutating func apply(_ change: EntityChange) -> Bool {
        let id = change.entityID
        guard let entry = registered[id] else {
            guard builder.query.includeStandalone else { return false }
            guard let state = change.newState else { return remove(id) }
            return replace(with: builder.standalone(builder.entity(id, state: state, registry: nil, deviceArea: nil)))
        }
        guard let owner = entry.deviceID else {
            guard builder.query.includeStandalone, builder.selects(entry) else { return false }
            return replace(with: builder.standalone(builder.entity(id, state: change.newState, registry: entry, deviceArea: nil)))
        }
        // A device the query leaves out, or an entity of it the query leaves out (hidden, disabled).
        guard let device = assembled[owner], let deviceEntry = entries[owner], builder.selects(entry) else { return false }
        let entities = device.entities.map { entity in
            entity.entityID == id ? builder.entity(id, state: change.newState, registry: entry, deviceArea: deviceEntry.areaID) : entity
        }
        return replace(with: builder.device(deviceEntry, entities: entities))
    }

    /// Puts `device` in place of the one with its id (or adds it); true when the list shown changed.
    private mutating func replace(with device: Device) -> Bool {
        let old = assembled[device.id]
        if old == device { return false }
        assembled[device.id] = device
        let wasShown = old.map(builder.shows) ?? false
        let isShown = builder.shows(device)
        if let old, wasShown, isShown, old.name == device.name {
            devices[position(of: old.name.lowercased(), old.id)] = device
            return true
        }
        if let old, wasShown { removeShown(old) }
        if isShown {
            let name = device.name.lowercased()
            let at = position(of: name, device.id)
            devices.insert(device, at: at)
            sortNames.insert(name, at: at)
        }
        return wasShown || isShown
    }

    /// Removes the entity standing alone with id `id`; true when the list shown changed.
    private mutating func remove(_ id: String) -> Bool {
        guard let old = assembled.removeValue(forKey: id) else { return false }
        guard builder.shows(old) else { return false }
        removeShown(old)
        return true
    }

    private mutating func removeShown(_ device: Device) {
        let at = position(of: device.name.lowercased(), device.id)
        devices.remove(at: at)
        sortNames.remove(at: at)
    }

    /// Where a device named `name` (in lower case) with id `id` is, or goes, in the sorted list.
    private func position(of name: String, _ id: String) -> Int {
        var low = 0, high = devices.count
        while low < high {
            let middle = (low + high) / 2
            if (sortNames[middle], devices[middle].id) < (name, id) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
