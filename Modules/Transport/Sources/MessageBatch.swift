/// The messages of one socket read, with their size, as the reader hands them over.
struct MessageBatch: Sendable {
    let messages: [WebSocketMessage]
    let bytes: Int

    init(_ messages: [WebSocketMessage]) {
        self.messages = messages
        bytes = messages.reduce(0) { total, message in
            switch message {
            case .text(let text): total + text.utf8.count
            case .binary(let bytes): total + bytes.count
            }
        }
    }
}
