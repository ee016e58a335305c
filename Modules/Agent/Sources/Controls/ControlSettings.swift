import Essentials
import Foundation

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
        let file = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return ControlSettings() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(ControlSettings.self, from: Data(contentsOf: file))
    }

    /// Loads, changes with `body` and saves the settings in `folder`, holding their lock.
    @discardableResult
    public static func update(in folder: URL, _ body: (inout ControlSettings) -> Void) async throws -> ControlSettings {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard let lock = try await FileLock.acquire(path: folder.appendingPathComponent(".\(fileName).lock").path, patience: 10) else {
            throw ControlSettingsError(description: "\(fileName) stayed locked for 10 s")
        }
        defer { lock.release() }
        var settings = try load(from: folder)
        body(&settings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        try SecretFile.write([UInt8](try encoder.encode(settings)), to: folder.appendingPathComponent(fileName))
        return settings
    }
}
