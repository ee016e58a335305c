/// What a ``WebSocketClient``'s interceptor did with a text message on the reader thread.
public enum MessageInterception: Sendable, Equatable {
    /// It handled the whole message; the consumer never sees it.
    case consumed
    /// It handled none of it; the message goes to the consumer as it came.
    case declined
    /// It handled the start of the message; this text, the rest of it, goes to the consumer instead.
    case rest(String)
}
