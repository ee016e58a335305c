import Essentials

/// What commissioning needs of a connection to Home Assistant's WebSocket API: send a command and
/// get its result. A refused command throws ``MatterServerRefusal``.
public protocol MatterServerConnection: Sendable {
    /// Sends `type` with `fields`; the result, or throws.
    func send(_ type: String, _ fields: [String: JSONValue]) async throws -> JSONValue
}
