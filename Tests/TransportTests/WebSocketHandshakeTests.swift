@testable import Transport
import XCTest

final class WebSocketHandshakeTests: XCTestCase {
    func testAcceptValueMatchesTheRFCExample() {
        XCTAssertEqual(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    private func response(_ handshake: WebSocketHandshake, accept: String? = nil, extra: String = "", status: String = "101 Switching Protocols") -> String {
        "HTTP/1.1 \(status)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept ?? WebSocketHandshake.acceptValue(for: handshake.key))\(extra)"
    }

    func testVerifiesTheAnswerAndNegotiatesCompression() throws {
        let handshake = WebSocketHandshake(host: "example.local", port: 8123, path: "/api/websocket", offerCompression: true)
        let request = String(decoding: handshake.request, as: UTF8.self)
        XCTAssertTrue(request.hasPrefix("GET /api/websocket HTTP/1.1\r\nHost: example.local:8123\r\n"))
        XCTAssertTrue(request.contains("Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"))
        XCTAssertNil(try handshake.verify(responseHead: response(handshake)))
        XCTAssertEqual(try handshake.verify(responseHead: response(handshake, extra: "\r\nSec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=12")),
            PermessageDeflate(extensionHeader: "permessage-deflate"))
        XCTAssertEqual(try handshake.verify(responseHead: response(handshake, extra: "\r\nSec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover"))?
            .serverNoContextTakeover, true)
    }

    func testRejectsBadAnswers() {
        let handshake = WebSocketHandshake(host: "h", port: 80, path: "/", offerCompression: false)
        let bad = [
            response(handshake, status: "404 Not Found"),
            response(handshake, accept: "wrong"),
            response(handshake, extra: "\r\nSec-WebSocket-Extensions: permessage-deflate"),
            "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade",
            "garbage",
            response(handshake, extra: "\r\nno colon here"),
        ]
        for head in bad {
            XCTAssertThrowsError(try handshake.verify(responseHead: head), head) { error in
                XCTAssertEqual((error as? WebSocketError)?.kind, .handshakeFailed)
            }
        }
    }
}
