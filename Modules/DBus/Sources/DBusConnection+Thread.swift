import Essentials
import FoundationEssentials

extension DBusConnection {
    /// Opens a connection to `bus` on a thread of its own, runs `body` with it and closes it: the
    /// calls block, so they stay off the caller's (cooperative) thread.
    public static func onThread<Value: Sendable>(
        bus: DBusBus, _ body: @escaping @Sendable (DBusConnection) throws -> Value
    ) async throws -> Value {
        try await DetachedThread.run {
            let connection = try DBusConnection(bus: bus)
            defer { connection.close() }
            return try body(connection)
        }
    }
}
