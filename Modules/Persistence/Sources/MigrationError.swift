/// Why a database could not be brought to the current schema.
public struct MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as a stable code.
    public enum Code: String, Sendable {
        /// The database records migrations this program does not know: a newer version wrote it.
        case newerSchema
        /// Two migrations were registered under one name.
        case duplicateName
        /// A migration failed and was rolled back.
        case failed
    }

    /// What went wrong.
    public let code: Code
    /// What happened and what to do.
    public let message: String

    public var description: String { message }
}
