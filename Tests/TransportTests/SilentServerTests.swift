import Foundation
import LoopbackTestSupport
import Transport
import XCTest

/// A server that accepts the TCP connection and then says nothing: opening a WebSocket (plain,
/// or TLS, whose handshake then never ends) gives up at the connect timeout.
final class SilentServerTests: XCTestCase {
    private var listener: ListeningSocket!

    override func setUpWithError() throws {
        // Listening without ever accepting: the kernel completes connections in the backlog.
        listener = try ListeningSocket()
    }

    override func tearDown() {
        listener = nil
    }

    private func expectTimeout(_ scheme: String) async throws {
        let started = Date()
        do {
            let client = try await WebSocketClient.connect(to: URL(string: "\(scheme)://127.0.0.1:\(listener.port)/api/websocket")!,
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
