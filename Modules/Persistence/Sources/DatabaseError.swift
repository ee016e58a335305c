/// A failed SQLite call: the result code, SQLite's message and the SQL that failed.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_NOTADB` is 26).
    public let code: Int32
    /// SQLite's explanation.
    public let message: String
    /// The statement that failed, if one did.
    public let sql: String?

    /// Creates the error.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (while running: \($0))" } ?? "")
    }
}
