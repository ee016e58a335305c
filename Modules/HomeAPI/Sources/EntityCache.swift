import Essentials
import FoundationEssentials
import HAModels
import Persistence

/// The last entity states read from a server, in SQLite, for showing something while offline.
struct EntityCache {
    static let fileName = "entities.sqlite"

    private let pool: DatabasePool

    /// Opens (and creates) the cache in `folder`.
    init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        pool = try DatabasePool(url: folder.appendingPathComponent(Self.fileName))
        var migrator = DatabaseMigrator()
        migrator.register("create entities") { database in
            try database.execute("CREATE TABLE entities (entity_id TEXT PRIMARY KEY NOT NULL, state TEXT NOT NULL)")
        }
        _ = try migrator.migrate(pool)
    }

    /// Replaces the cache with `states`.
    func replace(with states: [EntityState]) throws {
        let rows = try states.map { ($0.entityID, try JSONSerializer.string(JSONValueEncoder().encodeValue($0))) }
        try pool.write { database in
            try database.execute("DELETE FROM entities")
            for (entityID, json) in rows {
                try database.execute("INSERT INTO entities (entity_id, state) VALUES (?, ?)", entityID, json)
            }
        }
    }

    /// The cached states, by entity id.
    func states() throws -> [EntityState] {
        let texts = try pool.read { database in
            try database.rows("SELECT state FROM entities ORDER BY entity_id").compactMap { $0.get("state", as: String.self) }
        }
        return try texts.map { try JSONValueDecoder().decode(EntityState.self, from: JSONParser.parse($0)) }
    }
}
