import Essentials
import Foundation
import HAModels

/// What registering gave, kept per server in its data folder (0600: it holds the secret).
public struct AgentRegistration: Codable, Sendable, Equatable {
    /// What was sent, to tell on the next start whether anything changed.
    public var request: MobileAppRegistration
    /// The webhook id, secret, cloudhook and remote UI URLs.
    public var response: MobileAppRegistrationResponse
    public var registeredAt: Date

    static let fileName = "registration.json"

    static func load(from folder: URL) throws -> AgentRegistration? {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .haTimestamp
        return try decoder.decode(AgentRegistration.self, from: Data(contentsOf: url))
    }

    func save(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .haTimestamp
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try SecretFile.write([UInt8](try encoder.encode(self)), to: folder.appendingPathComponent(Self.fileName))
    }
}
