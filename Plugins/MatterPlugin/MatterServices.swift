import CLIKit
import ConnectionContract
import Essentials
import Matter
import Networking
import SessionContract
import ThreadContract

/// What the matter plugin's commands use: the session, connections, the Thread store.
struct MatterServices: Sendable {
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let thread: any ThreadNetworkSharing

    /// Runs `body` with a commissioner over a ready connection to the server `selection` names;
    /// fails after `timeout` seconds when the server does not answer.
    func withCommissioner<T: Sendable>(
        _ selection: ServerSelection, timeout: Double = 15, _ body: (MatterCommissioner, ServerCredentials) async throws -> T
    ) async throws -> T {
        let credentials = try await session.credentials(selection)
        let connection = connections.connection(to: credentials.address, tokens: credentials.tokenProvider)
        await connection.start()
        let states = await connection.stateUpdates()
        let ready = await Timeout.value(within: timeout, otherwise: false) {
            for await state in states {
                if case .ready = state { return true }
                if case .disconnected(let reason?) = state, case .authenticationFailed = reason { return false }
            }
            return false
        }
        guard ready else {
            let state = await connection.state
            await connection.stop()
            throw MatterCommissioningError.serverUnreachable("no answer from \(credentials.address) within \(Int(timeout)) s (\(state))")
        }
        do {
            let result = try await body(MatterCommissioner(connection: ConnectionMatterServer(connection: connection)), credentials)
            await connection.stop()
            return result
        } catch {
            await connection.stop()
            throw error
        }
    }
}
