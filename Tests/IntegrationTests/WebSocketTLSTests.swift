import Foundation
import Networking
import Transport
import XCTest

/// wss:// against the conformance peer serving a self-signed certificate for `localhost`.
final class WebSocketTLSTests: XCTestCase {
    private func url(host: String, _ peer: WebSocketPeer) -> URL {
        URL(string: "wss://\(host):\(peer.tlsPort ?? 0)/echo")!
    }

    func testTrustsACustomCAAndVerifiesTheHostName() async throws {
        let (peer, certificate) = try LocalhostTLSPeer.started.get()
        let client = try await WebSocketClient.connect(to: url(host: "localhost", peer), options: WebSocketOptions(caFile: certificate.path))
        try client.send("over tls")
        var iterator = client.messages.makeAsyncIterator()
        let echoed = try await iterator.next()
        XCTAssertEqual(echoed, .text("over tls"))
        XCTAssertTrue(client.compressionEnabled)
        client.close()
    }

    func testRefusesAnUntrustedCertificate() async throws {
        let (peer, _) = try LocalhostTLSPeer.started.get()
        do {
            _ = try await WebSocketClient.connect(to: url(host: "localhost", peer))
            XCTFail("trusted a self-signed certificate")
        } catch let error as WebSocketError {
            XCTAssertEqual(error.kind, .connectionFailed)
            XCTAssertTrue(error.message.contains("self-signed certificate"), error.message)
        }
    }

    func testRefusesACertificateForAnotherHost() async throws {
        let (peer, certificate) = try LocalhostTLSPeer.started.get()
        do {
            _ = try await WebSocketClient.connect(to: url(host: "127.0.0.1", peer), options: WebSocketOptions(caFile: certificate.path))
            XCTFail("accepted a certificate for localhost at 127.0.0.1")
        } catch let error as WebSocketError {
            XCTAssertEqual(error.kind, .connectionFailed)
            XCTAssertTrue(error.message.lowercased().contains("mismatch"), error.message)
        }
    }

    func testAMissingCAFileIsAClearError() async throws {
        let (peer, _) = try LocalhostTLSPeer.started.get()
        do {
            _ = try await WebSocketClient.connect(to: url(host: "localhost", peer), options: WebSocketOptions(caFile: "/nonexistent/ca.pem"))
            XCTFail("connected without its CA file")
        } catch let error as WebSocketError {
            XCTAssertTrue(error.message.contains("cannot load the CA certificates from /nonexistent/ca.pem"), error.message)
        }
    }
}
