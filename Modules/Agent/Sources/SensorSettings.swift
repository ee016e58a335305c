import Essentials
import FoundationEssentials

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
        try store(in: folder).load() ?? SensorSettings()
    }

    /// Loads, changes with `body` and saves the settings in `folder` under their lock, so the
    /// daemon and a command changing them at once lose nothing.
    @discardableResult
    public static func update<T>(in folder: URL, _ body: (inout SensorSettings) throws -> T) throws -> T {
        try store(in: folder).update { stored in
            var settings = stored ?? SensorSettings()
            defer { stored = settings }
            return try body(&settings)
        }
    }

    private static func store(in folder: URL) -> JSONFileStore<SensorSettings> {
        JSONFileStore(file: folder.appendingPathComponent(fileName))
    }
}
