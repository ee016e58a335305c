import HomeAPI
import Networking

extension ConnectionFactory {
    /// Runs `body` over a started connection to `address` once it is ready, and stops it after;
    /// when the server does not answer within `timeout` seconds, throws what `unreachable` makes
    /// of a sentence saying so.
    public func withReadyConnection<T: Sendable>(
        to address: ServerAddress, tokens: any TokenProvider, timeout: Double,
        unreachable: (String) -> any Error, _ body: (HomeAssistantConnection) async throws -> T
    ) async throws -> T {
        let connection = connection(to: address, tokens: tokens)
        await connection.start()
        guard await connection.becomesReady(within: timeout) else {
            let state = await connection.state
            await connection.stop()
            throw unreachable("no answer from \(address) within \(Int(timeout)) s (\(state))")
        }
        return try await connection.stopping(after: body)
    }
}
