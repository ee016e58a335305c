import Essentials
import Matter
import Networking

/// A Home Assistant connection as the Matter module's ``MatterServerConnection``: the server's
/// refusals become ``MatterServerRefusal``s.
struct ConnectionMatterServer: MatterServerConnection {
    let connection: HomeAssistantConnection

    func send(_ type: String, _ fields: [String: JSONValue]) async throws -> JSONValue {
        do {
            return try await connection.send(type, fields)
        } catch HomeAssistantError.server(let error) {
            throw MatterServerRefusal(code: error.code, message: error.message)
        }
    }
}
