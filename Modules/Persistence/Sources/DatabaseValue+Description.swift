extension DatabaseValue {
    /// The storage class's name, for error messages.
    var kindName: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real number"
        case .text: "text"
        case .blob: "a blob"
        }
    }
}
