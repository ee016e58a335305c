import Essentials
import Foundation

/// What tools/avahi-standin.py announces for the test server: its address and port, and its own
/// location name and uuid (read from the server), so the TXT record is the one it would announce.
enum AvahiAnnouncement {
    static func json(_ server: IntegrationEnvironment, address: String = "127.0.0.1", internalURL: String = "") async throws -> String {
        let config = try JSONParser.parse(try await HTTPExchange.send("GET", URL(string: server.url + "/api/config")!, token: server.token).body).objectValue
        let stored = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: server.configDirectory + "/.storage/core.uuid")))).objectValue
        let fields: [String: JSONValue] = [
            "address": .string(address), "port": .integer(Int64(URL(string: server.url)?.port ?? 8123)), "location_name": config?["location_name"] ?? .string("Home"),
            "uuid": stored?["data"]?.objectValue?["uuid"] ?? .string("unknown"), "internal_url": .string(internalURL),
        ]
        return try JSONSerializer.string(.object(fields))
    }
}
