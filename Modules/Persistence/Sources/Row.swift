/// One result row: column names and their values, in select order.
public struct Row: Sendable, Equatable {
    /// The column names, in order.
    public let columns: [String]
    /// The values, in the same order.
    public let values: [DatabaseValue]

    /// Creates a row.
    public init(columns: [String], values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the column named `name`, or nil when the row has no such column.
    public subscript(_ name: String) -> DatabaseValue? {
        columns.firstIndex(of: name).map { values[$0] }
    }

    /// The value of column `name` as `Value`; nil for NULL, a missing column or another type.
    public func get<Value: DatabaseValueConvertible>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        self[name].flatMap(Value.init(databaseValue:))
    }
}
