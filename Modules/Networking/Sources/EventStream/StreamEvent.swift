/// One server-sent event: its name (`message` when the server gave none), its data (the
/// `data:` lines joined with newlines) and the last event id the stream gave, if any.
public struct StreamEvent: Sendable, Equatable {
    public let name: String
    public let data: String
    public let id: String?

    public init(name: String, data: String, id: String? = nil) {
        self.name = name
        self.data = data
        self.id = id
    }
}
