/// One server-sent event: its name (`message` when the server gave none) and its data, the
/// `data:` lines joined with newlines.
public struct StreamEvent: Sendable, Equatable {
    public let name: String
    public let data: String

    public init(name: String, data: String) {
        self.name = name
        self.data = data
    }
}
