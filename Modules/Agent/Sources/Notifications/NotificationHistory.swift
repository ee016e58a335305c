import Essentials
import Foundation
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
        _ = try migrator.migrate(pool)
    }

    @discardableResult
    public func record(_ notification: PushNotification, at date: Date = Date()) throws -> Int64 {
        let data = try JSONSerializer.string(.object(notification.data))
        return try pool.write { database in
            try database.execute(
                "INSERT INTO notifications (received_at, title, message, data, tag) VALUES (?, ?, ?, ?, ?)",
                date.timeIntervalSince1970, notification.title, notification.message, data, notification.tag
            )
            return database.lastInsertedRowID
        }
    }

    /// Marks the notifications with `tag` cleared; returns how many.
    @discardableResult
    public func clear(tag: String, at date: Date = Date()) throws -> Int {
        try pool.write { database in
            try database.execute("UPDATE notifications SET cleared_at = ? WHERE tag = ? AND cleared_at IS NULL", date.timeIntervalSince1970, tag)
            return database.changes
        }
    }

    /// The newest `limit` notifications, newest first.
    public func recent(limit: Int = 50) throws -> [NotificationRecord] {
        try pool.read { database in
            try database.rows("SELECT id, received_at, title, message, tag, cleared_at FROM notifications ORDER BY id DESC LIMIT ?", limit).map { row in
                NotificationRecord(
                    id: row.get("id", as: Int64.self) ?? 0,
                    receivedAt: Date(timeIntervalSince1970: row.get("received_at", as: Double.self) ?? 0),
                    title: row.get("title", as: String.self), message: row.get("message", as: String.self) ?? "",
                    tag: row.get("tag", as: String.self),
                    clearedAt: row.get("cleared_at", as: Double.self).map(Date.init(timeIntervalSince1970:))
                )
            }
        }
    }
}
