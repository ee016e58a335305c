import Essentials
import FoundationEssentials
import Glibc
import Persistence

/// The Thread credential store: every known network's dataset with its source, border agent id,
/// extended address and dates, and per server its id there and whether it is preferred, in
/// SQLite (`thread.sqlite`, created 0600: it holds network keys).
public final class ThreadCredentialStore: Sendable {
    static let fileName = "thread.sqlite"
    private let pool: DatabasePool

    /// Opens (and creates) the store in `folder`.
    public init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let url = folder.appendingPathComponent(Self.fileName)
        // SQLite gives its journal and WAL files the database file's mode: create that 0600 first.
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DatabaseError(code: 14 /* SQLITE_CANTOPEN */, message: "cannot create \(url.path)") }
        fchmod(descriptor, 0o600)
        close(descriptor)
        pool = try DatabasePool(url: url)
        var migrator = DatabaseMigrator()
        migrator.register("thread.v1") { database in
            try database.executeScript("""
            CREATE TABLE datasets (
                id TEXT PRIMARY KEY NOT NULL,
                tlv TEXT NOT NULL,
                source TEXT NOT NULL,
                border_agent_id TEXT,
                extended_address TEXT,
                added_at REAL NOT NULL,
                updated_at REAL NOT NULL
            );
            CREATE TABLE server_datasets (
                server TEXT NOT NULL,
                dataset_id TEXT NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
                remote_id TEXT NOT NULL,
                preferred INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (server, dataset_id)
            );
            """)
        }
        _ = try migrator.migrate(pool)
    }

    /// Every stored dataset, by network name.
    public func all() throws -> [StoredDataset] {
        try pool.read { database in
            let links = try Self.links(database)
            return try database.rows("SELECT * FROM datasets").map { try Self.dataset(from: $0, links: links) }
        }.sorted { ($0.dataset.networkName ?? "", $0.id) < ($1.dataset.networkName ?? "", $1.id) }
    }

    /// One dataset by id (its extended PAN ID in hex; a unique prefix of it will do).
    public func dataset(_ id: String) throws -> StoredDataset? {
        let matches = try all().filter { $0.id.hasPrefix(id.lowercased()) }
        return matches.count == 1 ? matches[0] : matches.first { $0.id == id.lowercased() }
    }

    /// Adds `dataset` (an active one), or replaces the stored dataset of the same network when
    /// this one's active timestamp is newer.
    @discardableResult
    public func upsert(_ dataset: OperationalDataset, source: String, borderAgentID: String? = nil, extendedAddress: String? = nil,
                       at date: Date = Current.now()) throws -> (StoredDataset, DatasetUpsert) {
        try dataset.requireActive()
        let id = Self.identifier(of: dataset)
        let outcome: DatasetUpsert = try pool.write { database in
            guard let row = try database.rows("SELECT * FROM datasets WHERE id = ?", id).first,
                  let stored = try? OperationalDataset(hex: row.get("tlv", as: String.self) ?? "") else {
                try database.execute(
                    "INSERT OR REPLACE INTO datasets (id, tlv, source, border_agent_id, extended_address, added_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    id, dataset.hex, source, borderAgentID, extendedAddress, date.timeIntervalSince1970, date.timeIntervalSince1970
                )
                return .added
            }
            if stored == dataset { return .unchanged }
            guard let new = dataset.activeTimestamp, let old = stored.activeTimestamp, new > old else { return .keptStored }
            try database.execute(
                "UPDATE datasets SET tlv = ?, source = ?, border_agent_id = coalesce(?, border_agent_id), extended_address = coalesce(?, extended_address), updated_at = ? WHERE id = ?",
                dataset.hex, source, borderAgentID, extendedAddress, date.timeIntervalSince1970, id
            )
            return .updated
        }
        guard let stored = try self.dataset(id) else { throw DatabaseError(code: 1, message: "dataset \(id) vanished") }
        return (stored, outcome)
    }

    /// Sets the border agent a dataset is reached through.
    public func setBorderAgent(_ id: String, borderAgentID: String?, extendedAddress: String?) throws {
        try pool.write { database in
            try database.execute("UPDATE datasets SET border_agent_id = ?, extended_address = ? WHERE id = ?", borderAgentID, extendedAddress, id)
        }
    }

    /// Forgets a dataset (and every server's link to it).
    public func delete(_ id: String) throws {
        try pool.write { database in
            try database.execute("DELETE FROM server_datasets WHERE dataset_id = ?", id)
            try database.execute("DELETE FROM datasets WHERE id = ?", id)
        }
    }

    /// Forgets `server`: the datasets it gave (source `home-assistant:…`) that no other server
    /// holds too, and its links; datasets made or imported here stay. Returns how many went.
    @discardableResult
    public func forget(server: String) throws -> Int {
        try pool.write { database in
            try database.execute(
                """
                DELETE FROM datasets WHERE substr(source, 1, ?) = ?
                    AND id IN (SELECT dataset_id FROM server_datasets WHERE server = ?)
                    AND id NOT IN (SELECT dataset_id FROM server_datasets WHERE server != ?)
                """, ThreadSync.importedPrefix.count, ThreadSync.importedPrefix, server, server
            )
            let removed = database.changes
            try database.execute("DELETE FROM server_datasets WHERE server = ?", server)
            return removed
        }
    }

    /// Replaces what the store knows about `server`: which datasets it holds under which ids,
    /// and which one it prefers.
    public func replaceLinks(of server: String, with links: [(datasetID: String, remoteID: String, preferred: Bool)]) throws {
        try pool.write { database in
            try database.execute("DELETE FROM server_datasets WHERE server = ?", server)
            for link in links {
                try database.execute(
                    "INSERT INTO server_datasets (server, dataset_id, remote_id, preferred) VALUES (?, ?, ?, ?)",
                    server, link.datasetID, link.remoteID, link.preferred ? 1 : 0
                )
            }
        }
    }

    /// The id a dataset is stored under: its extended PAN ID in hex.
    public static func identifier(of dataset: OperationalDataset) -> String {
        Hex.encode(dataset.extendedPANID ?? [])
    }

    private static func links(_ database: DatabaseConnection) throws -> [String: [ServerDatasetLink]] {
        var links: [String: [ServerDatasetLink]] = [:]
        for row in try database.rows("SELECT * FROM server_datasets ORDER BY server") {
            guard let id = row.get("dataset_id", as: String.self), let server = row.get("server", as: String.self),
                  let remote = row.get("remote_id", as: String.self) else { continue }
            links[id, default: []].append(ServerDatasetLink(server: server, remoteID: remote, preferred: row.get("preferred", as: Int.self) == 1))
        }
        return links
    }

    private static func dataset(from row: Row, links: [String: [ServerDatasetLink]]) throws -> StoredDataset {
        guard let id = row.get("id", as: String.self), let tlv = row.get("tlv", as: String.self), let source = row.get("source", as: String.self),
              let added = row.get("added_at", as: Double.self), let updated = row.get("updated_at", as: Double.self) else {
            throw DatabaseError(code: 20 /* SQLITE_MISMATCH */, message: "a datasets row has an unexpected shape: \(row.columns)")
        }
        return StoredDataset(
            id: id, dataset: try OperationalDataset(hex: tlv), source: source, borderAgentID: row.get("border_agent_id", as: String.self),
            extendedAddress: row.get("extended_address", as: String.self), addedAt: Date(timeIntervalSince1970: added),
            updatedAt: Date(timeIntervalSince1970: updated), servers: links[id] ?? []
        )
    }
}
