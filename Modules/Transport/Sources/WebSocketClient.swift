import Essentials
import FoundationEssentials

/// A WebSocket client (RFC 6455) over POSIX sockets, with TLS through OpenSSL and
/// permessage-deflate through zlib.
///
/// Messages arrive on ``messages``, read by a thread of the client's own; pings are answered
/// there. A protocol violation by the server closes the connection with the close code the
/// RFC names (1002, 1007, 1009) and ends ``messages`` with that ``WebSocketError``.
public final class WebSocketClient: Sendable {
    /// Incoming messages; the sequence ends normally after a clean close and with an error otherwise.
    public let messages: WebSocketMessages
    /// Whether permessage-deflate was agreed.
    public let compressionEnabled: Bool
    /// The compression agreed, if any.
    let deflate: PermessageDeflate?
    let stream: any ByteStream
    let state: WebSocketState
    private let continuation: AsyncThrowingStream<MessageBatch, any Error>.Continuation
    let budget: ReadBudget
    let interceptor = MessageInterceptor()

    init(stream: any ByteStream, compression: PermessageDeflate?, leftover: [UInt8], options: WebSocketOptions) throws(ThreadStartError) {
        self.stream = stream
        compressionEnabled = compression != nil
        deflate = compression
        state = WebSocketState()
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: MessageBatch.self, throwing: (any Error).self)
        let budget = ReadBudget(limit: options.maximumBufferedBytes)
        messages = WebSocketMessages(stream: batches, budget: budget)
        self.continuation = continuation
        self.budget = budget
        // A consumer that stops listening frees a reader waiting for it.
        continuation.onTermination = { _ in budget.cancel() }
        try DetachedThread.start { [self] in readLoop(leftover: leftover, options: options) }
    }

    /// Connects to a `ws://` or `wss://` URL and completes the opening handshake.
    public static func connect(to url: URL, options: WebSocketOptions = WebSocketOptions()) async throws -> WebSocketClient {
        try await DetachedThread.run { try open(url, options: options) }
    }

    /// Lets `handler` take text messages on the reader thread while the consumer is idle (see
    /// ``MessageInterception``): a message it consumes costs the consumer no wake-up, nor a
    /// String. It gets the message's UTF-8 (checked to be valid), valid only during the call.
    public func intercept(with handler: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> MessageInterception) {
        interceptor.set(handler)
    }

    /// Sends a text message.
    public func send(_ text: String) throws {
        try sendFrame(WebSocketFrame(opcode: .text, payload: Array(text.utf8)))
    }

    /// Sends a binary message.
    public func send(binary: [UInt8]) throws {
        try sendFrame(WebSocketFrame(opcode: .binary, payload: binary))
    }

    /// Sends a ping; the server answers with a pong, which is read and dropped.
    public func ping(_ payload: [UInt8] = []) throws {
        try sendFrame(WebSocketFrame(opcode: .ping, payload: Array(payload.prefix(125))))
    }

    /// Starts the closing handshake; ``messages`` ends when the server answers or the connection drops.
    public func close(code: UInt16 = 1000, reason: String = "") {
        guard state.markCloseSent() else { return }
        let payload = [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
        try? write(WebSocketFrame(opcode: .close, payload: payload))
        state.scheduleForcedClose(after: 5) { [stream] in stream.close() }
    }

    /// Closes the socket at once, without a closing handshake.
    public func disconnect() {
        stream.close()
        budget.cancel()
    }

    private func sendFrame(_ frame: WebSocketFrame) throws {
        guard !state.isCloseSent else { throw WebSocketError(.closed, "the connection is closing") }
        try write(frame)
    }

    /// Delivers the messages of one read to ``messages``, once they fit in the read budget; false
    /// when the consumer went away meanwhile.
    func deliver(_ batch: [WebSocketMessage]) -> Bool {
        guard !batch.isEmpty else { return true }
        let counted = MessageBatch(batch)
        guard budget.reserve(counted.bytes) else { return false }
        continuation.yield(counted)
        return true
    }

    /// Ends ``messages``, with `error` unless the close was clean.
    func finish(_ error: (any Error)?) {
        continuation.finish(throwing: error)
        budget.cancel()
    }

    func write(_ frame: WebSocketFrame) throws {
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        try state.writeLock.withLock { try WebSocketError.mapping { () throws(SocketError) in try stream.write(frame.encoded(maskKey: mask)) } }
    }
}
