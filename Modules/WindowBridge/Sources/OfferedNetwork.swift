/// One Thread network as the import dialog lists it.
public struct OfferedNetwork: Sendable, Equatable {
    /// The store's id for it.
    public let id: String
    /// What the dialog shows: its name and channel.
    public let label: String

    /// Creates an entry.
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}
