import Foundation
import Networking
import XCTest

/// A server that accepts the TCP connection and then says nothing: opening a WebSocket (plain,
/// or TLS, whose handshake then never ends) gives up at the connect timeout.
final class SilentServerTests: XCTestCase {
    private var listener: Int32 = -1
    private var port = 0

    override func setUpWithError() throws {
        // Listening without ever accepting: the kernel completes connections in the backlog.
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard ready else { throw XCTSkip("no loopback listener") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    override func tearDown() {
        close(listener)
    }

    private func expectTimeout(_ scheme: String) async throws {
        let started = Date()
        do {
            let client = try await WebSocketClient.connect(to: URL(string: "\(scheme)://127.0.0.1:\(port)/api/websocket")!,
                options: WebSocketOptions(connectTimeout: 1))
            client.close()
            XCTFail("\(scheme): connected to a server that never answered")
        } catch let error as WebSocketError {
            XCTAssertEqual(error.kind, .connectionFailed)
            XCTAssertTrue(error.message.contains("did not complete the TLS and WebSocket handshakes within 1.0 seconds"), error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "\(scheme): gave up at the timeout")
    }

    func testThePlainUpgradeGivesUpAtTheConnectTimeout() async throws {
        try await expectTimeout("ws")
    }

    func testTheTLSHandshakeGivesUpAtTheConnectTimeout() async throws {
        try await expectTimeout("wss")
    }
}
