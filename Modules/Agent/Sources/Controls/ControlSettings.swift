import Essentials
import FoundationEssentials

/// Which controls the user enabled for one server (none by default), and what each did last:
/// `controls.json` in the server's data folder, 0600. `home controls enable` and the running
/// agent both change it, each through ``update(in:_:)`` under a lock, so neither loses the other's change.
public struct ControlSettings: Codable, Sendable, Equatable {
    static let fileName = "controls.json"

    /// The enabled controls' ids.
    public var enabled: Set<String> = []
    /// The last command each control got: when, what, and how it went.
    public var lastCommands: [String: ControlOutcome] = [:]
    /// When the agent was last known on the broker (saved with every state publication and at a
    /// clean stop): how long a command queued for it since may have waited.
    public var lastOnline: Date?

    public init() {}

    public static func load(from folder: URL) throws -> ControlSettings {
        try store(in: folder).load() ?? ControlSettings()
    }

    /// Loads, changes with `body` and saves the settings in `folder`, holding their lock.
    @discardableResult
    public static func update(in folder: URL, _ body: (inout ControlSettings) -> Void) async throws -> ControlSettings {
        try store(in: folder).update { stored in
            var settings = stored ?? ControlSettings()
            body(&settings)
            stored = settings
            return settings
        }
    }

    private static func store(in folder: URL) -> JSONFileStore<ControlSettings> {
        JSONFileStore(file: folder.appendingPathComponent(fileName), dates: .secondsSince1970)
    }
}
