/// One event of a `text/event-stream`.
public struct ServerSentEvent: Sendable, Equatable {
    public let name: String?
    public let data: String
    public let id: String?

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
