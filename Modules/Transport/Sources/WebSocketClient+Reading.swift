import FoundationEssentials

extension WebSocketClient {
    /// Reads frames until the connection ends; runs on the client's reader thread.
    func readLoop(leftover: [UInt8], options: WebSocketOptions) {
        var decoder = WebSocketFrameDecoder(maximumFrameSize: options.maximumMessageSize, compressionNegotiated: compressionEnabled)
        var assembler = MessageAssembler(maximumMessageSize: options.maximumMessageSize, inflater: deflate.map { DeflateInflater(resetsAfterEachMessage: $0.serverNoContextTakeover) })
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var pending = leftover
        let linger = ReadLinger(seconds: options.readLinger)
        var drained = false
        do {
            while true {
                if pending.isEmpty {
                    if drained { linger.wait() }
                    let count = try Self.readChunk(stream, into: &chunk)
                    guard count > 0 else {
                        finish(state.isCloseReceived ? nil : WebSocketError(.closed, closeCode: 1006, "the connection closed without a close frame"))
                        return
                    }
                    drained = count < chunk.count
                    pending = Array(chunk[0..<count])
                }
                let frames = try decoder.feed(pending)
                pending = []
                var batch: [AssembledMessage] = []
                for frame in frames {
                    if let ending = try handle(frame, assembler: &assembler, into: &batch) {
                        _ = deliver(try batch.map { message throws(WebSocketError) in try message.message() })
                        finish(ending.error)
                        return
                    }
                }
                guard deliver(try intercepting(batch)) else {
                    // Nobody listens any more: the connection is of no use.
                    stream.close()
                    finish(nil)
                    return
                }
            }
        } catch let error as WebSocketError {
            if let code = error.closeCode, code != 1006 {
                close(code: code, reason: String(error.message.prefix(100)))
            }
            stream.close()
            finish(error)
        } catch {
            stream.close()
            finish(error)
        }
    }

    /// What is left of `batch` for the consumer once the interceptor, if any, has taken what it
    /// takes from its start; nothing is taken while the consumer still handles an earlier batch.
    /// A text message the interceptor reads is checked to be UTF-8 first, and never made a String.
    private func intercepting(_ batch: [AssembledMessage]) throws(WebSocketError) -> [WebSocketMessage] {
        var index = 0
        var left: [WebSocketMessage] = []
        if !batch.isEmpty, let handler = interceptor.current, budget.isIdle {
            offering: while index < batch.count, case .text(let bytes) = batch[index] {
                let taken = bytes.withUnsafeBufferPointer { bytes in UTF8Validation.isValid(bytes) ? handler(bytes) : nil }
                switch taken {
                case nil: throw AssembledMessage.notUTF8
                case .consumed: index += 1
                case .declined: break offering
                case .rest(let rest):
                    left.append(.text(rest))
                    index += 1
                    break offering
                }
            }
        }
        for message in batch[index...] { left.append(try message.message()) }
        return left
    }

    /// Handles one frame, adding a completed message to `batch`; returns how the connection ended
    /// when it was a close frame, else nil.
    private func handle(
        _ frame: WebSocketFrame, assembler: inout MessageAssembler, into batch: inout [AssembledMessage]
    ) throws -> CloseOutcome? {
        switch frame.opcode {
        case .ping:
            if !state.isCloseSent { try? write(WebSocketFrame(opcode: .pong, payload: frame.payload)) }
        case .pong:
            break
        case .close:
            let (code, reason) = try Self.parseClose(frame.payload)
            state.markCloseReceived()
            if state.markCloseSent() {
                let echo = code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? []
                try? write(WebSocketFrame(opcode: .close, payload: echo))
            }
            stream.close()
            guard let code, code != 1000 else { return .clean }
            return .failed(WebSocketError(.closed, closeCode: code, "the server closed the connection\(reason.isEmpty ? "" : ": \(reason)")"))
        default:
            if let message = try assembler.add(frame) { batch.append(message) }
        }
        return nil
    }

    /// The code and reason of a close frame, checked as RFC 6455, 5.5.1 and 7.4 require.
    static func parseClose(_ payload: [UInt8]) throws(WebSocketError) -> (UInt16?, String) {
        guard !payload.isEmpty else { return (nil, "") }
        guard payload.count >= 2 else { throw .protocolError("a close frame with a one-byte body") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        // 1000-1003 and 1007-1014 (1012-1014 registered since RFC 6455: restart, try again later,
        // bad gateway), 3000-4999 for libraries and applications; 1004-1006 and 1015 are never sent.
        let valid = (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
        guard valid else { throw .protocolError("close code \(code) may not be sent") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else { throw .invalidData("a close reason is not valid UTF-8") }
        return (code, reason)
    }
}
