import CLIKit
import ConnectionPlugin
import DeviceModel
import Networking
import PluginHost
import SessionPlugin

/// The `devices.model` capability: opens the live device model of the server a command talks to.
public struct DeviceModelAccess: Sendable {
    /// The capability's key.
    public static let key = CapabilityKey<DeviceModelAccess>(name: "devices.model")

    let session: SessionAccess
    let connections: ConnectionFactory
    /// Whether commands are validated before they are sent, unless a command says otherwise.
    public let strictValidation: Bool
    /// How long a command waits for its state.
    public let commandTimeout: Double
    /// The domains automations may use (empty: all), as the SDK's `referencedAutomationTypes`.
    public let referencedAutomationTypes: [String]

    /// The model of the server `invocation` names (`--server`, `--token-file`, or the stored
    /// session), connected, its registries read and its first snapshot of states in.
    public func open(_ invocation: Invocation, strict: Bool? = nil) async throws -> OpenHomeModel {
        let credentials = try await session.credentials(invocation)
        let connection = connections.connection(to: credentials.address, tokens: credentials.tokenProvider)
        await connection.start()
        let store = connections.entityStore(over: connection)
        await store.start()
        let model = HomeModel(connection: connection, store: store, server: "\(credentials.address)", strictValidation: strict ?? strictValidation)
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
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await store.waitForSnapshot()
                return await store.snapshotCount > 0
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            // The waiter ends when the store stops; the caller closes it on failure.
            if !first { await store.stop() }
            return first
        }
    }
}
