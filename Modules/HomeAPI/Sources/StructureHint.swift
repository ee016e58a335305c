import Essentials
import FoundationEssentials

/// The structure (server) a person not signed in yet is expected to choose, kept by
/// ``HomeClient/migrating(structureID:)``: `structure-hint.json` (0600) in the configuration
/// folder, until a sign-in to that server uses it.
struct StructureHint: Codable, Sendable, Equatable {
    /// The server's URL, as ``Home/structureID`` spells it.
    let structureID: String
    /// When it was kept.
    let keptAt: Date

    static func store(in configuration: URL) -> JSONFileStore<StructureHint> {
        JSONFileStore(file: configuration.appendingPathComponent("structure-hint.json"), dates: .secondsSince1970, maximumSize: 4_096)
    }
}
