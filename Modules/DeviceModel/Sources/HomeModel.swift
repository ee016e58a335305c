import Essentials
import FoundationEssentials
import HAModels
import Networking

/// The home as a device model, live: structures, rooms and devices from Home Assistant's
/// registries and states, each as a list and as a stream; typed commands that wait for the
/// state they cause; rooms managed. Reads the registries when started, again on each
/// `*_registry_updated` event and after every reconnection, and follows states through the
/// entity store: each query's devices are kept in a ``DeviceIndex`` that a state change updates
/// device by device.
public actor HomeModel {
    private let connection: HomeAssistantConnection
    private let store: EntityStore
    private let server: String
    private let planner: CommandPlanner
    private var registries = RegistrySnapshot(areas: [], devices: [], entities: [])
    private var structure: Structure
    private var signals: [UUID: AsyncStream<Void>.Continuation] = [:]
    private let indexes: DeviceIndexes
    private var changeHandler: UUID?
    private var tasks: [Task<Void, Never>] = []

    /// A model over a started `connection` and `store`, for the server at `server`; with
    /// `strictValidation`, commands are checked against the device before they are sent.
    public init(connection: HomeAssistantConnection, store: EntityStore, server: String, strictValidation: Bool) {
        self.connection = connection
        self.store = store
        self.server = server
        self.planner = CommandPlanner(strict: strictValidation)
        self.structure = Structure(id: server, name: server, temperatureUnit: "°C")
        self.indexes = DeviceIndexes(states: { [store] in store.all })
    }

    /// A model dropped without ``stop()`` leaves the store's reader nothing to call.
    deinit {
        if let changeHandler { store.removeChangeHandler(changeHandler) }
    }

    /// Reads the configuration and registries, then follows their changes (`core_config_updated`
    /// renames the structure) and the states'.
    public func start() async throws {
        try await readConfiguration()
        try await readRegistries()
        // Changes go into the indexes on the reader, which wake the device streams they change.
        changeHandler = store.addChangeHandler { [indexes] change in indexes.apply(change) }
        for event in ["area_registry_updated", "device_registry_updated", "entity_registry_updated", "core_config_updated"] {
            let updates = await connection.subscribe("subscribe_events", ["event_type": .string(event)])
            tasks.append(Task { [weak self] in
                var first = true
                do {
                    for try await update in updates {
                        // The first subscription follows the read above; later ones follow a reconnection.
                        if case .subscribed = update, first {
                            first = false
                            continue
                        }
                        if event == "core_config_updated" {
                            try? await self?.readConfiguration()
                        } else {
                            try? await self?.readRegistries()
                        }
                    }
                } catch {}
            })
        }
    }

    /// Stops following changes and ends every stream.
    public func stop() {
        if let changeHandler { store.removeChangeHandler(changeHandler) }
        changeHandler = nil
        for task in tasks { task.cancel() }
        tasks = []
        for continuation in signals.values { continuation.finish() }
        signals = [:]
        indexes.finishListening()
    }

    // MARK: Queries

    /// The home's structures: this server.
    public func structures() -> [Structure] { [structure] }

    /// Its rooms (areas), by name.
    public func rooms() -> [Room] {
        registries.areas.map { Room(id: $0.areaID, name: $0.name, icon: $0.icon, aliases: $0.aliases, structureID: server) }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// Its devices as `query` selects them, by name.
    public func devices(_ query: DeviceQuery = DeviceQuery()) -> [Device] { indexes.devices(query).devices }

    /// The registries as last read.
    public func registrySnapshot() -> RegistrySnapshot { registries }

    /// One device by registry id, or the device of an entity id (an entity with no device
    /// stands alone); hidden and disabled entities included.
    public func device(_ id: String) throws(DeviceModelError) -> Device {
        if let device = indexes.device(id) { return device }
        throw .notFound("no device or entity '\(id)' on \(server); `home devices --all` lists them")
    }

    // MARK: Streams

    /// The structures, now and after each change.
    public nonisolated func structureUpdates() -> AsyncStream<[Structure]> { values { await $0.structures() } }
    /// The rooms, now and after each change.
    public nonisolated func roomUpdates() -> AsyncStream<[Room]> { values { await $0.rooms() } }
    /// The devices `query` selects, now and whenever a registry or a state changes them; a
    /// reader slower than the changes gets the newest list, not a backlog.
    public nonisolated func deviceUpdates(_ query: DeviceQuery = DeviceQuery()) -> AsyncStream<[Device]> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let indexes = self.indexes
            let signals = indexes.listen(query)
            let task = Task {
                var last: Int?
                for await _ in signals {
                    let (version, devices) = indexes.devices(query)
                    if version != last {
                        continuation.yield(devices)
                        last = version
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private nonisolated func values<T: Equatable & Sendable>(_ read: @escaping @Sendable (HomeModel) async -> T) -> AsyncStream<T> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                var last: T?
                for await _ in await self.signalStream() {
                    let value = await read(self)
                    if value != last {
                        continuation.yield(value)
                        last = value
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A signal now and after each change, coalesced while the reader is busy.
    private func signalStream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        signals[key] = continuation
        continuation.onTermination = { _ in Task { await self.removeSignal(key) } }
        continuation.yield()
        return stream
    }

    private func removeSignal(_ key: UUID) { signals[key] = nil }

    private func signal() {
        for continuation in signals.values { continuation.yield() }
    }

    // MARK: Commands

    /// Sends `command` to `target` (an entity id, or a device id whose entities have exactly one
    /// with the command's trait) and waits up to `timeout` seconds for the state it causes.
    @discardableResult
    public func execute(_ command: DeviceCommand, on target: String, timeout: Double = 15) async throws(DeviceModelError) -> EntityState {
        let entity = try entity(for: command, target)
        let call = try planner.plan(command, for: entity)
        let changes = await store.changes(of: [call.entityID])
        do {
            _ = try await connection.send("call_service", [
                "domain": .string(call.domain), "service": .string(call.service), "service_data": .object(call.data),
                "target": .object(["entity_id": .string(call.entityID)]),
            ])
        } catch {
            throw .server("\(call.domain).\(call.service) for \(call.entityID): \(error)")
        }
        if command != .toggle && command != .activate, let now = await store.state(of: call.entityID), call.isSatisfied(now) { return now }
        let reached = await Self.first(of: changes, within: timeout) { change in change.newState.map(call.isSatisfied) ?? false }
        guard let state = reached?.newState else {
            let now = await store.state(of: call.entityID)
            throw .timeout("\(call.entityID) did not become \(call.expected) within \(Int(timeout)) s after \(command.name); it is \(now?.state ?? "gone")")
        }
        return state
    }

    /// The first element of `stream` that passes `test`, or nil after `seconds`.
    private static func first(of stream: AsyncStream<EntityChange>, within seconds: Double, _ test: @escaping @Sendable (EntityChange) -> Bool) async -> EntityChange? {
        await Timeout.value(within: seconds, otherwise: nil) {
            for await change in stream where test(change) { return change }
            return nil
        }
    }

    private func entity(for command: DeviceCommand, _ target: String) throws(DeviceModelError) -> DeviceEntity {
        let device = try device(target)
        if let entity = device.entities.first(where: { $0.entityID == target }) { return entity }
        let candidates = device.entities.filter { entity in entity.traits.contains { $0.kind == command.trait } }
        if candidates.count == 1 { return candidates[0] }
        if candidates.isEmpty && device.entities.count == 1 { return device.entities[0] }
        if candidates.isEmpty {
            let supported = Set(device.entities.flatMap(\.commands)).sorted()
            throw .invalidArgument("\(device.name) (\(device.id)) does not take \(command.name); its commands: \(supported.joined(separator: ", "))")
        }
        throw .invalidArgument("\(device.name) has several entities with \(command.trait.rawValue): name one of \(candidates.map(\.entityID).joined(separator: ", "))")
    }

    // MARK: For automations

    /// Every state, by entity id.
    func states() -> [String: EntityState] { store.all }

    /// Calls `domain.service` for one entity.
    func call(_ domain: String, _ service: String, entityID: String, data: [String: JSONValue] = [:]) async throws(DeviceModelError) {
        do {
            _ = try await connection.send("call_service", [
                "domain": .string(domain), "service": .string(service), "service_data": .object(data),
                "target": .object(["entity_id": .string(entityID)]),
            ])
        } catch {
            throw .server("\(domain).\(service) for \(entityID): \(error)")
        }
    }

    /// A command over the connection.
    func send(_ type: String, _ fields: [String: JSONValue]) async throws -> JSONValue {
        try await connection.send(type, fields)
    }

    /// Every service as `domain.service`.
    func serviceNames() async throws -> Set<String> {
        let answer = try await connection.send("get_services")
        return Set((answer.objectValue ?? [:]).flatMap { domain, services in (services.objectValue ?? [:]).keys.map { "\(domain).\($0)" } })
    }

    /// The first state (current or coming) that passes `test`, or nil after `seconds`.
    func waitForState(within seconds: Double, where test: @escaping @Sendable (EntityState) -> Bool) async -> EntityState? {
        let changes = await store.changes()
        if let now = store.all.values.first(where: test) { return now }
        return await Self.first(of: changes, within: seconds) { $0.newState.map(test) ?? false }?.newState
    }

    /// Whether `entityID` is gone, now or within `seconds`.
    func waitUntilGone(_ entityID: String, within seconds: Double) async -> Bool {
        let changes = await store.changes(of: [entityID])
        if await store.state(of: entityID) == nil { return true }
        return await Self.first(of: changes, within: seconds) { $0.newState == nil } != nil
    }

    // MARK: Rooms

    /// Creates a room (area) named `name`.
    @discardableResult
    public func createRoom(named name: String) async throws(DeviceModelError) -> Room {
        let answer = try await registryCall("config/area_registry/create", ["name": .string(name)])
        guard let id = answer.objectValue?["area_id"]?.stringValue else { throw .server("the server created no area: \(answer)") }
        return rooms().first { $0.id == id } ?? Room(id: id, name: name, icon: nil, aliases: [], structureID: server)
    }

    /// Renames room `id`.
    public func renameRoom(_ id: String, to name: String) async throws(DeviceModelError) {
        try requireRoom(id)
        _ = try await registryCall("config/area_registry/update", ["area_id": .string(id), "name": .string(name)])
    }

    /// Deletes room `id`; its devices then have no room.
    public func deleteRoom(_ id: String) async throws(DeviceModelError) {
        try requireRoom(id)
        _ = try await registryCall("config/area_registry/delete", ["area_id": .string(id)])
    }

    /// Puts device `deviceID` in room `roomID`, or in none.
    public func assign(device deviceID: String, toRoom roomID: String?) async throws(DeviceModelError) {
        guard registries.devices.contains(where: { $0.id == deviceID }) else {
            throw .notFound("no device '\(deviceID)' in the device registry (an entity standing alone has no device to move)")
        }
        if let roomID { try requireRoom(roomID) }
        _ = try await registryCall("config/device_registry/update", ["device_id": .string(deviceID), "area_id": roomID.map(JSONValue.string) ?? .null])
    }

    /// The room with `id` or a name matching it (case-insensitively).
    public func room(_ idOrName: String) throws(DeviceModelError) -> Room {
        let all = rooms()
        if let room = all.first(where: { $0.id == idOrName }) ?? all.first(where: { $0.name.lowercased() == idOrName.lowercased() }) { return room }
        throw .notFound("no room '\(idOrName)'; rooms: \(all.map { "\($0.name) (\($0.id))" }.joined(separator: ", "))")
    }

    private func requireRoom(_ id: String) throws(DeviceModelError) {
        guard registries.areas.contains(where: { $0.areaID == id }) else {
            throw .notFound("no room with id '\(id)'; rooms: \(rooms().map { "\($0.name) (\($0.id))" }.joined(separator: ", "))")
        }
    }

    private func registryCall(_ type: String, _ fields: [String: JSONValue]) async throws(DeviceModelError) -> JSONValue {
        let answer: JSONValue
        do {
            answer = try await connection.send(type, fields)
        } catch {
            throw .server("\(type): \(error)")
        }
        // Read back at once, so what the caller asks next shows the change.
        do { try await readRegistries() } catch { throw .server("reading the registries: \(error)") }
        return answer
    }

    // MARK: Reading

    private func readConfiguration() async throws {
        let config = try await connection.send("get_config")
        let fields = config.objectValue ?? [:]
        let read = Structure(
            id: server, name: fields["location_name"]?.stringValue ?? server,
            temperatureUnit: fields["unit_system"]?.objectValue?["temperature"]?.stringValue ?? "°C"
        )
        if read != structure {
            structure = read
            indexes.reset(registries: registries, temperatureUnit: read.temperatureUnit)
            signal()
        }
    }

    private func readRegistries() async throws {
        let decoder = JSONValueDecoder()
        let areas = try decoder.decode([AreaRegistryEntry].self, from: try await connection.send("config/area_registry/list"))
        let devices = try decoder.decode([DeviceRegistryEntry].self, from: try await connection.send("config/device_registry/list"))
        let entities = try decoder.decode([EntityRegistryEntry].self, from: try await connection.send("config/entity_registry/list"))
        let read = RegistrySnapshot(areas: areas, devices: devices, entities: entities)
        if read != registries {
            registries = read
            indexes.reset(registries: read, temperatureUnit: structure.temperatureUnit)
            signal()
        }
    }
}
