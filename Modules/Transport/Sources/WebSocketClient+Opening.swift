import Dispatch
import FoundationEssentials

extension WebSocketClient {
    /// Connects, performs TLS when the scheme asks for it, and runs the opening handshake, all
    /// within the connect timeout: a server that accepts and then says nothing (during TLS or
    /// the upgrade) is given up on, not waited for.
    static func open(_ url: URL, options: WebSocketOptions) throws -> WebSocketClient {
        guard let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss", let host = url.host, !host.isEmpty else {
            throw WebSocketError(.connectionFailed, "'\(url)' is not a ws:// or wss:// URL with a host")
        }
        let secure = scheme == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        let tcp = try WebSocketError.mapping { () throws(SocketError) -> TCPStream in
            try TCPStream(host: host, port: port, timeout: options.connectTimeout)
        }
        // Closing the socket wakes whatever waits on it: the TLS handshake or the upgrade's answer.
        let watchdog = DispatchWorkItem { tcp.close() }
        DispatchQueue.global().asyncAfter(deadline: .now() + options.connectTimeout, execute: watchdog)
        let timedOut = WebSocketError(.connectionFailed, "\(host):\(port) did not complete the TLS and WebSocket handshakes within \(options.connectTimeout) seconds")
        let stream: any ByteStream
        do {
            stream = try WebSocketError.mapping { () throws(SocketError) -> any ByteStream in
                secure ? try TLSStream(tcp: tcp, host: host, caFile: options.caFile) : tcp
            }
        } catch {
            watchdog.cancel()
            // Closed already only by the watchdog: the handshake failed because time ran out.
            let expired = tcp.isClosed
            tcp.close()
            throw expired ? timedOut : error
        }
        do {
            var path = url.path.isEmpty ? "/" : url.path
            if let query = url.query { path += "?" + query }
            let handshake = WebSocketHandshake(host: host, port: port, path: path, offerCompression: options.compression)
            try WebSocketError.mapping { () throws(SocketError) in try stream.write(handshake.request) }
            let (head, leftover) = try readResponseHead(stream)
            let compression = try handshake.verify(responseHead: String(decoding: head, as: UTF8.self))
            watchdog.cancel()
            guard !tcp.isClosed else { throw timedOut }
            return try WebSocketClient(stream: stream, compression: compression, leftover: leftover, options: options)
        } catch {
            watchdog.cancel()
            let expired = tcp.isClosed
            stream.close()
            throw expired ? timedOut : error
        }
    }

    /// Reads what is available into `chunk`.
    static func readChunk(_ stream: any ByteStream, into chunk: inout [UInt8]) throws(WebSocketError) -> Int {
        let result = chunk.withUnsafeMutableBytes { buffer in Result { () throws(SocketError) -> Int in try stream.read(into: buffer) } }
        return try WebSocketError.mapping { () throws(SocketError) in try result.get() }
    }

    /// Reads up to the blank line that ends the response head; returns the head and any bytes after it.
    private static func readResponseHead(_ stream: any ByteStream) throws(WebSocketError) -> ([UInt8], [UInt8]) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            do {
                if let (head, rest) = try HTTPResponseHead.split(received[...]) { return (Array(head), Array(rest)) }
            } catch {
                throw WebSocketError(.handshakeFailed, error.message)
            }
            let count = try readChunk(stream, into: &chunk)
            guard count > 0 else { throw WebSocketError(.handshakeFailed, "the server closed the connection during the handshake") }
            received.append(contentsOf: chunk[0..<count])
        }
    }
}
