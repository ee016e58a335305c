import FoundationEssentials

/// The client side of the opening handshake (RFC 6455, 4.1), offering permessage-deflate.
struct WebSocketHandshake {
    private static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    let host: String
    let port: Int
    let path: String
    let key: String
    let offerCompression: Bool

    init(host: String, port: Int, path: String, offerCompression: Bool) {
        self.host = host
        self.port = port
        self.path = path
        self.offerCompression = offerCompression
        key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    }

    /// The HTTP request that opens the connection.
    var request: [UInt8] {
        var lines = [
            "GET \(path.isEmpty ? "/" : path) HTTP/1.1",
            "Host: \(host.contains(":") ? "[\(host)]" : host):\(port)",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
            "User-Agent: HomeCompanion",
        ]
        if offerCompression { lines.append("Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The `Sec-WebSocket-Accept` value the server must send for `key`.
    static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }

    /// Checks the response head (without the blank line); returns the compression agreed, if any.
    func verify(responseHead: String) throws(WebSocketError) -> PermessageDeflate? {
        let status = responseHead.prefix { $0 != "\r" }
        guard status.hasPrefix("HTTP/1.1 ") else {
            throw WebSocketError(.handshakeFailed, "the server did not answer with HTTP/1.1: '\(status.prefix(80))'")
        }
        let head: HTTPResponseHead
        do {
            head = try HTTPResponseHead(Array(responseHead.utf8)[...])
        } catch {
            throw WebSocketError(.handshakeFailed, error.message)
        }
        guard head.status == 101 else {
            throw WebSocketError(.handshakeFailed, "the server answered '\(status.prefix(80))' instead of 101 Switching Protocols")
        }
        let headers = head.headers
        guard headers["upgrade"]?.lowercased() == "websocket" else {
            throw WebSocketError(.handshakeFailed, "the answer lacks 'Upgrade: websocket'")
        }
        guard headers["connection"]?.lowercased().split(separator: ",").contains(where: { $0.trimmingSpaces() == "upgrade" }) == true else {
            throw WebSocketError(.handshakeFailed, "the answer lacks 'Connection: Upgrade'")
        }
        guard headers["sec-websocket-accept"] == Self.acceptValue(for: key) else {
            throw WebSocketError(.handshakeFailed, "Sec-WebSocket-Accept does not match the key sent")
        }
        guard let extensions = headers["sec-websocket-extensions"] else { return nil }
        let names = extensions.split(separator: ",").map { $0.split(separator: ";").first?.trimmingSpaces() ?? "" }
        guard offerCompression, names == ["permessage-deflate"] else {
            throw WebSocketError(.handshakeFailed, "the server accepted extensions that were not offered: \(extensions)")
        }
        return PermessageDeflate(extensionHeader: extensions)
    }
}
