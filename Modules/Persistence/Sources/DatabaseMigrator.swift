import Essentials
import FoundationEssentials

/// Ordered, named schema migrations, each applied once in its own transaction and recorded in
/// the `schema_migrations` table.
///
/// A database that records a migration this migrator does not know was written by a newer
/// version of the program, and is refused rather than misread.
public struct DatabaseMigrator: Sendable {
    private var migrations: [(name: String, apply: @Sendable (DatabaseConnection) throws -> Void)] = []

    /// Creates a migrator with no migrations.
    public init() {}

    /// Appends a migration; names must be unique and are never renamed once shipped.
    public mutating func register(_ name: String, _ apply: @escaping @Sendable (DatabaseConnection) throws -> Void) {
        migrations.append((name, apply))
    }

    /// The registered names, in order.
    public var names: [String] { migrations.map(\.name) }

    /// Applies every migration `pool` has not recorded yet, in order; returns the names applied.
    @discardableResult
    public func migrate(_ pool: DatabasePool) throws -> [String] {
        let known = Set(names)
        guard known.count == migrations.count else {
            throw MigrationError(code: .duplicateName, message: "two migrations share a name: \(names)")
        }
        let applied = try pool.write { database -> Set<String> in
            try database.executeScript("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name TEXT PRIMARY KEY NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
            return Set(try database.rows("SELECT name FROM schema_migrations").compactMap { $0.get("name", as: String.self) })
        }
        let unknown = applied.subtracting(known).sorted()
        guard unknown.isEmpty else {
            throw MigrationError(
                code: .newerSchema,
                message: "\(pool.url.path) was written by a newer version (it has migrations \(unknown.joined(separator: ", ")) that this version does not know); upgrade HomeCompanion or use another database file"
            )
        }
        var done: [String] = []
        for migration in migrations where !applied.contains(migration.name) {
            do {
                try pool.write { database in
                    try migration.apply(database)
                    try database.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", migration.name, Current.now())
                }
            } catch {
                throw MigrationError(code: .failed, message: "migration '\(migration.name)' failed and was rolled back: \(error)")
            }
            done.append(migration.name)
        }
        return done
    }
}
