extension WebSocketError {
    /// The WebSocket view of a failure of the connection beneath it.
    init(_ socket: SocketError) {
        switch socket.kind {
        case .connectionFailed: self.init(.connectionFailed, socket.message)
        case .closed: self.init(.closed, closeCode: 1006, socket.message)
        }
    }

    /// Runs `body`, reporting a connection failure as a WebSocket error.
    static func mapping<Value>(_ body: () throws(SocketError) -> Value) throws(WebSocketError) -> Value {
        do {
            return try body()
        } catch {
            throw WebSocketError(error)
        }
    }
}
