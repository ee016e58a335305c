/// One open event stream of a token and the id of the last notification sent on it, so each
/// stream gets every queued notification once and in order, whenever it is drained.
final class StreamSubscriber: @unchecked Sendable {
    let stream: EventStream
    /// Only read and written on the registry's drain queue (set before the first drain).
    var lastSentID: String?

    init(stream: EventStream, after lastID: String?) {
        self.stream = stream
        lastSentID = lastID
    }
}
