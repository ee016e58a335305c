import Foundation

/// Which sensors the user enabled for one server, and which the server marked disabled. Kept in
/// the server's data folder, so a server added later starts with nothing enabled.
public struct SensorSettings: Codable, Sendable, Equatable {
    static let fileName = "sensors.json"

    public var enabled: Set<String> = []
    /// Sensors the user disabled on the server's side; they are not sent.
    public var disabledByServer: Set<String> = []
    /// Sensors registered with the registration (webhook) named by ``registeredWebhookID``.
    public var registered: Set<String> = []
    public var registeredWebhookID: String?

    public init() {}

    public static func load(from folder: URL) throws -> SensorSettings {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return SensorSettings() }
        return try JSONDecoder().decode(SensorSettings.self, from: Data(contentsOf: url))
    }

    public func save(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }
}
