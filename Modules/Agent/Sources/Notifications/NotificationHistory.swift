import Essentials
import FoundationEssentials
import Persistence

/// The notifications received from one server, in SQLite in its data folder.
public final class NotificationHistory: Sendable {
    static let fileName = "notifications.sqlite"
    private let pool: DatabasePool

    public init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        pool = try DatabasePool(url: folder.appendingPathComponent(Self.fileName))
        var migrator = DatabaseMigrator()
        migrator.register("notifications.v1") { database in
            try database.executeScript("""
            CREATE TABLE notifications (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                received_at REAL NOT NULL,
                title TEXT,
                message TEXT NOT NULL,
                data TEXT NOT NULL,
                tag TEXT,
                cleared_at REAL
            );
            CREATE INDEX notifications_tag ON notifications (tag);
            """)
        }
        // The ids of the notifications a push relay delivered, so one it sends again (it sends
        // what was not acknowledged) is not shown twice.
        migrator.register("notifications.v2-relay-deliveries") { database in
            try database.executeScript("""
            CREATE TABLE relay_deliveries (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE
            );
            """)
        }
        // A notification with the tag of an earlier one replaces it, as on a phone.
        migrator.register("notifications.v3-replaced-by") { database in
            try database.executeScript("ALTER TABLE notifications ADD COLUMN replaced_by INTEGER;")
        }
        _ = try migrator.migrate(pool)
    }

    /// How many relay delivery ids are remembered.
    static let rememberedDeliveries = 1000
    /// The history keeps the newest this many notifications, none older than ``keptAge``:
    /// whoever can send notifications cannot fill the disk.
    public static let keptCount = 1000, keptAge: TimeInterval = 30 * 86_400

    /// Records that the relay delivered `id`, with `notification` when it is one to show, in one
    /// transaction; ``RelayDelivery/deliveredBefore`` when `id` was delivered before (and nothing
    /// is recorded).
    public func recordRelayDelivery(_ id: String, _ notification: PushNotification?, at date: Date = Current.now()) throws -> RelayDelivery {
        let data = try notification.map { try JSONSerializer.string(.object($0.data)) }
        return try pool.write { database in
            try database.execute("INSERT OR IGNORE INTO relay_deliveries (id) VALUES (?)", id)
            guard database.changes == 1 else { return .deliveredBefore }
            try database.execute("DELETE FROM relay_deliveries WHERE sequence <= ?", database.lastInsertedRowID - Int64(Self.rememberedDeliveries))
            guard let notification, let data else { return .recorded(nil) }
            return .recorded(try Self.insert(notification, data: data, at: date, into: database))
        }
    }

    /// The id of the last notification delivered with an id starting `prefix`, to resume after.
    public func lastRelayDelivery(prefix: String = "") throws -> String? {
        try pool.read { database in
            try database.scalar(String.self, "SELECT id FROM relay_deliveries WHERE substr(id, 1, ?) = ? ORDER BY sequence DESC LIMIT 1",
                prefix.count, prefix)
        }
    }

    /// Records `notification`; returns its id. One with the tag of an earlier notification
    /// replaces it (the earlier one's ``NotificationRecord/replacedBy``).
    @discardableResult
    public func record(_ notification: PushNotification, at date: Date = Current.now()) throws -> Int64 {
        let data = try JSONSerializer.string(.object(notification.data))
        return try pool.write { database in try Self.insert(notification, data: data, at: date, into: database) }
    }

    private static func insert(_ notification: PushNotification, data: String, at date: Date, into database: DatabaseConnection) throws -> Int64 {
        try database.execute(
            "INSERT INTO notifications (received_at, title, message, data, tag) VALUES (?, ?, ?, ?, ?)",
            date.timeIntervalSince1970, notification.title, notification.message, data, notification.tag
        )
        let id = database.lastInsertedRowID
        if let tag = notification.tag {
            try database.execute("UPDATE notifications SET replaced_by = ? WHERE tag = ? AND id < ? AND replaced_by IS NULL", id, tag, id)
        }
        try database.execute(
            "DELETE FROM notifications WHERE id <= ? OR received_at < ?", id - Int64(keptCount), date.timeIntervalSince1970 - keptAge
        )
        return id
    }

    /// The notification recorded as `id`, as it arrived.
    public func notification(id: Int64) throws -> PushNotification? {
        try pool.read { database in
            try database.rows("SELECT title, message, data FROM notifications WHERE id = ?", id).first.map { row in
                PushNotification(
                    message: row.get("message", as: String.self) ?? "", title: row.get("title", as: String.self),
                    data: Self.data(row.get("data", as: String.self))
                )
            }
        }
    }

    private static func data(_ text: String?) -> [String: JSONValue] {
        text.flatMap { try? JSONParser.parse(Array($0.utf8)) }?.objectValue ?? [:]
    }

    /// Marks the notifications with `tag` cleared; returns how many.
    @discardableResult
    public func clear(tag: String, at date: Date = Current.now()) throws -> Int {
        try pool.write { database in
            try database.execute("UPDATE notifications SET cleared_at = ? WHERE tag = ? AND cleared_at IS NULL", date.timeIntervalSince1970, tag)
            return database.changes
        }
    }

    /// The newest `limit` notifications, newest first.
    public func recent(limit: Int = 50) throws -> [NotificationRecord] {
        try pool.read { database in
            let query = "SELECT id, received_at, title, message, data, tag, cleared_at, replaced_by FROM notifications ORDER BY id DESC LIMIT ?"
            return try database.rows(query, limit).map { row in
                let data = Self.data(row.get("data", as: String.self))
                return NotificationRecord(
                    id: row.get("id", as: Int64.self) ?? 0,
                    receivedAt: Date(timeIntervalSince1970: row.get("received_at", as: Double.self) ?? 0),
                    title: row.get("title", as: String.self), message: row.get("message", as: String.self) ?? "",
                    tag: row.get("tag", as: String.self),
                    group: PushNotification(message: "", title: nil, data: data).group,
                    urgency: NotificationUrgency(data: data), actions: NotificationAction.list(in: data),
                    clearedAt: row.get("cleared_at", as: Double.self).map(Date.init(timeIntervalSince1970:)),
                    replacedBy: row.get("replaced_by", as: Int64.self)
                )
            }
        }
    }
}
