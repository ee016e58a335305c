import ConnectionContract
import DeviceModel
import DevicesContract
import Essentials
import Networking
import SessionContract
import SessionCommandKit

/// The home-devices plugin's ``DeviceModelAccess``: a model over a connection of `ha.connections`
/// for the credentials `session.access` gives.
struct ConnectedDeviceModels: DeviceModelAccess {
    let session: any SessionAccess
    let connections: any ConnectionFactory
    /// Whether commands are validated before they are sent, unless a command says otherwise.
    let strictValidation: Bool
    let commandTimeout: Double
    /// The device types and traits automations may use (empty: all), as the SDK's `referencedAutomationTypes`.
    let referencedAutomationTypes: ReferencedAutomationTypes

    func open(_ selection: ServerSelection, strict: Bool?) async throws -> OpenHomeModel {
        let credentials = try await session.credentials(selection)
        let connection = connections.connection(to: credentials.address, tokens: credentials.tokenProvider)
        await connection.start()
        let store = connections.entityStore(over: connection)
        await store.start()
        let model = HomeModel(connection: connection, store: store, server: "\(credentials.server)", strictValidation: strict ?? strictValidation)
        let rest = RESTClient(address: credentials.address, tokenProvider: credentials.tokenProvider)
        let automations = HomeAutomations(model: model, rest: rest, referencedTypes: referencedAutomationTypes, timeout: commandTimeout)
        let opened = OpenHomeModel(model: model, automations: automations, connection: connection, store: store)
        do {
            guard await Self.snapshot(of: store, within: commandTimeout) else {
                throw DeviceModelError.server("no answer from \(credentials.address) within \(Int(commandTimeout)) s (\(await connection.state))")
            }
            try await model.start()
        } catch {
            await opened.close()
            throw error
        }
        return opened
    }

    /// Whether the store received its first snapshot within `seconds` (a server that is down
    /// or refuses the token never sends one; the connection would keep trying).
    private static func snapshot(of store: EntityStore, within seconds: Double) async -> Bool {
        // The waiter ends when the store stops; the caller closes it on failure.
        await Timeout.value(within: seconds, otherwise: false, onTimeout: { await store.stop() }) {
            await store.waitForSnapshot()
            return await store.snapshotCount > 0
        }
    }
}
