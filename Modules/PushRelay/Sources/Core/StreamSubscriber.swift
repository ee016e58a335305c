/// One open event stream of a token and the id of the last notification sent on it, so each
/// stream gets every queued notification once and in order, whenever it is drained.
final class StreamSubscriber: @unchecked Sendable {
    let stream: EventStream
    /// The token key the stream is of.
    let key: String
    /// The client's IP address, whose streams are counted together.
    let address: String
    /// When it was opened, in the registry's order.
    let opened: UInt64
    /// Only read and written on the registry's drain queue (set before the first drain).
    var lastSentID: String?

    init(stream: EventStream, key: String, address: String, opened: UInt64, after lastID: String?) {
        self.stream = stream
        self.key = key
        self.address = address
        self.opened = opened
        lastSentID = lastID
    }
}
