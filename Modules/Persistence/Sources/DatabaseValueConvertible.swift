/// A Swift value that can be bound to a statement and read back from a column.
public protocol DatabaseValueConvertible: Sendable {
    /// The value as SQLite stores it.
    var databaseValue: DatabaseValue { get }
    /// The value read from a column, or nil when the column holds something else.
    init?(databaseValue: DatabaseValue)
}
