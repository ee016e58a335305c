import Essentials
import FoundationEssentials
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
        try store(in: folder).load()
    }

    func save(to folder: URL) throws {
        try Self.store(in: folder).save(self)
    }

    private static func store(in folder: URL) -> JSONFileStore<AgentRegistration> {
        JSONFileStore(file: folder.appendingPathComponent(fileName))
    }
}
