/// How a close frame from the server ended a ``WebSocketClient``'s connection.
enum CloseOutcome {
    /// Closed with 1000 or no code.
    case clean
    /// Closed with another code, reported to the consumer as this error.
    case failed(WebSocketError)

    var error: WebSocketError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}
