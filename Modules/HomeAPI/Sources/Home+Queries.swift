import DeviceModel
import Essentials
import Networking

extension Home {
    /// The structures of every server signed in to through this client, this one first: each is
    /// a server with the name its configuration gives (renamed when the server's configuration
    /// changes). A server that cannot be reached, or that revoked access, is left out (and a
    /// revoked one forgotten); this one's revocation throws.
    public func structures() -> HomeQuery<Structure> {
        HomeQuery(read: { try await self.allStructures() }, follow: { continuation in
            try await self.followStructures { continuation.yield($0) }
        })
    }

    /// This server's rooms, by name.
    public func rooms() -> HomeQuery<Room> { rooms(inStructure: structureID) }

    /// The rooms of `structure` (this or another signed-in server), by name.
    public func rooms(in structure: Structure) -> HomeQuery<Room> { rooms(inStructure: structure.id) }

    /// This server's devices as `query` selects them, by name.
    public func devices(_ query: DeviceQuery = DeviceQuery()) -> HomeQuery<Device> { devices(inStructure: structureID, query) }

    /// The devices of `structure` as `query` selects them.
    public func devices(in structure: Structure, _ query: DeviceQuery = DeviceQuery()) -> HomeQuery<Device> {
        devices(inStructure: structure.id, query)
    }

    /// The devices in `room` (of whichever signed-in server it belongs to) as `query` selects them.
    public func devices(in room: Room, _ query: DeviceQuery = DeviceQuery()) -> HomeQuery<Device> {
        var inRoom = query
        inRoom.roomID = room.id
        return devices(inStructure: room.structureID, inRoom)
    }

    /// This server's device model, started by the first query, after the server said that access
    /// still holds (a revoked session is wiped and throws ``HomeErrorCode/permissionDenied``).
    public func deviceModel() async throws -> HomeModel {
        try await perform {
            _ = try await rest.apiStatus()
            return try await client.liveModel(for: server.description).model(
                over: { self.connection() }, server: structureID, strictValidation: configuration.strictOperationValidation
            )
        }
    }

    /// This server's automations through its device model, checked against the configuration's
    /// `referencedAutomationTypes`.
    public func automations() async throws -> HomeAutomations {
        HomeAutomations(model: try await deviceModel(), rest: rest, referencedTypes: configuration.referencedAutomationTypes)
    }

    private func rooms(inStructure id: String) -> HomeQuery<Room> {
        query(inStructure: id, read: { await $0.rooms() }, updates: { $0.roomUpdates() })
    }

    private func devices(inStructure id: String, _ query: DeviceQuery) -> HomeQuery<Device> {
        self.query(inStructure: id, read: { await $0.devices(query) }, updates: { $0.deviceUpdates(query) })
    }

    private func query<T: Sendable & Equatable>(
        inStructure id: String, read: @escaping @Sendable (HomeModel) async -> [T], updates: @escaping @Sendable (HomeModel) -> AsyncStream<[T]>
    ) -> HomeQuery<T> {
        HomeQuery(read: { await read(try await self.home(ofStructure: id).deviceModel()) }, follow: { continuation in
            try await self.home(ofStructure: id).follow(updates) { continuation.yield($0) }
        })
    }

    /// This home for its own structure, else the signed-in server whose structure id is `id`.
    private func home(ofStructure id: String) throws -> Home {
        if id == structureID { return self }
        guard let other = try client.storedHome(try Home.address(id).description) else {
            throw HomeError(.notFound, "no structure '\(id)': not signed in to that server")
        }
        return other
    }

    private func allStructures() async throws -> [Structure] {
        var structures = try await deviceModel().structures()
        for summary in try client.servers() where summary.server != server.description {
            do {
                guard let other = try client.storedHome(summary.server) else { continue }
                structures += try await other.deviceModel().structures()
            } catch {
                Current.logger("home").warning("\(summary.server) is left out of the structures: \(error)")
            }
        }
        return structures
    }

    /// Yields every structure now and after each change of this server's structure or of the
    /// set of signed-in servers (another server's rename shows with the next of those).
    private func followStructures(_ yield: @escaping @Sendable ([Structure]) -> Void) async throws {
        let (ticks, tick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let servers = client.serverChanges()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.follow({ $0.structureUpdates() }) { _ in tick.yield() } }
            group.addTask { for await _ in servers { tick.yield() } }
            group.addTask {
                var last: [Structure]?
                for await _ in ticks {
                    let structures = try await self.allStructures()
                    if structures != last {
                        yield(structures)
                        last = structures
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Yields what `updates` gives of this server's model until the model stops; throws
    /// ``HomeErrorCode/permissionDenied`` (after wiping the session) when the server refuses the
    /// connection's credentials for good meanwhile.
    private func follow<T: Sendable>(_ updates: @escaping @Sendable (HomeModel) -> AsyncStream<T>, _ yield: @escaping @Sendable (T) -> Void) async throws {
        let model = try await deviceModel()
        guard let connection = await client.liveModel(for: server.description).runningConnection() else { return }
        let states = await connection.stateUpdates()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await value in updates(model) { yield(value) } }
            group.addTask {
                for await state in states {
                    if case .disconnected(let reason?) = state, case .authenticationFailed = reason { return }
                }
            }
            await group.next()
            group.cancelAll()
        }
        // The model stops when the session is wiped or disconnected; a refusal is the server's revocation.
        if case .disconnected(let reason?) = await connection.state, case .authenticationFailed(let message) = reason {
            let _: Void = try await perform { throw HomeAssistantError.authenticationFailed(message) }
        }
    }
}
