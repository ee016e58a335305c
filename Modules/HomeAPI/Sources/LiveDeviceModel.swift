import DeviceModel
import Networking

/// The device model behind one server's queries: a connection, its entity store and a
/// ``HomeModel``, started by the first query and shared by every later one until the session
/// ends. A start that fails leaves nothing running, so the next query tries again.
actor LiveDeviceModel {
    /// How long a start waits for the server to accept the connection.
    static let readyWindow: Double = 15

    private struct Running {
        let connection: HomeAssistantConnection
        let store: EntityStore
        let model: HomeModel
    }

    private var starting: Task<Running, any Error>?

    /// The model, started over `connection` (not yet started) when it is not running yet.
    func model(over connection: @Sendable () -> HomeAssistantConnection, server: String, strictValidation: Bool) async throws -> HomeModel {
        if let starting { return try await starting.value.model }
        let made = connection()
        let start = Task { try await Self.start(made, server: server, strictValidation: strictValidation) }
        starting = start
        do {
            return try await start.value.model
        } catch {
            starting = nil
            throw error
        }
    }

    /// The running model's connection, nil when it is not running.
    func runningConnection() async -> HomeAssistantConnection? {
        try? await starting?.value.connection
    }

    /// Stops the model, its store and its connection; every stream of it ends.
    func stop() async {
        guard let start = starting else { return }
        starting = nil
        guard let running = try? await start.value else { return }
        await running.model.stop()
        await running.store.stop()
        await running.connection.stop()
    }

    private static func start(_ connection: HomeAssistantConnection, server: String, strictValidation: Bool) async throws -> Running {
        await connection.start()
        guard await connection.becomesReady(within: readyWindow) else {
            let state = await connection.state
            await connection.stop()
            if case .disconnected(let reason?) = state, case .authenticationFailed(let message) = reason {
                throw HomeAssistantError.authenticationFailed(message)
            }
            throw HomeError(.unavailable, "\(connection.address) did not answer within \(Int(readyWindow)) s (\(state))")
        }
        let store = EntityStore(connection: connection)
        await store.start()
        await store.waitForSnapshot()
        let model = HomeModel(connection: connection, store: store, server: server, strictValidation: strictValidation)
        do {
            try await model.start()
        } catch {
            await model.stop()
            await store.stop()
            await connection.stop()
            throw error
        }
        return Running(connection: connection, store: store, model: model)
    }
}
