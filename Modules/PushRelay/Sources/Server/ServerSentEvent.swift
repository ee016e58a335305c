/// One event of a `text/event-stream`.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event's name (`event:`), if any.
    public let name: String?
    /// Its data (`data:`, one line per line of it).
    public let data: String
    /// Its id (`id:`), which a client reconnecting sends back as `Last-Event-ID`.
    public let id: String?

    /// An event.
    public init(name: String? = nil, data: String, id: String? = nil) {
        self.name = name
        self.data = data
        self.id = id
    }

    /// The wire form: each data line prefixed with `data: `, then an empty line.
    var encoded: [UInt8] {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if let name { text += "event: \(name)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return Array((text + "\n").utf8)
    }
}
