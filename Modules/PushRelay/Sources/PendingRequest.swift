/// What the server keeps for a request while its body arrives in pieces.
final class PendingRequest {
    var body: [UInt8] = []
    /// The body outgrew the limit; the rest is discarded and the answer is 413.
    var tooLarge = false
    /// An answer was already queued (such as an early 413).
    var answered = false
    /// The event stream this request turned into, closed when the connection ends.
    var stream: EventStream?
    /// The answer this suspended request waits for.
    var deferred: DeferredReply?
}
