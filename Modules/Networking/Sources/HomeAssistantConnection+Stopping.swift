extension HomeAssistantConnection {
    /// Runs `body` with this connection and stops the connection after, whether `body` threw or not.
    public nonisolated func stopping<T: Sendable>(after body: (HomeAssistantConnection) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }
}
