/// One server-sent event: its name (`message` when the server gave none), its data (the
/// `data:` lines joined with newlines) and the last event id the stream gave, if any. An event
/// larger than the reader's limit comes without its data, marked ``isOversized``, so the
/// consumer can acknowledge and skip it rather than read it again and again.
public struct StreamEvent: Sendable, Equatable {
    public let name: String
    public let data: String
    public let id: String?
    public let isOversized: Bool

    public init(name: String, data: String, id: String? = nil, isOversized: Bool = false) {
        self.name = name
        self.data = data
        self.id = id
        self.isOversized = isOversized
    }
}
