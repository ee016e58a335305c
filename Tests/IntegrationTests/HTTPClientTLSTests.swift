import Foundation
import Networking
import Transport
import XCTest

/// https:// with the HTTP client against the conformance peer's TLS port, whose self-signed
/// certificate is for `localhost`; a plain GET there is answered with an HTTP error page.
final class HTTPClientTLSTests: XCTestCase {
    private func request(host: String, _ peer: WebSocketPeer) -> HTTPRequest {
        HTTPRequest("GET", URL(string: "https://\(host):\(peer.tlsPort ?? 0)/echo")!)
    }

    func testSpeaksHTTPOverTLSWithATrustedCA() async throws {
        let (peer, certificate) = try LocalhostTLSPeer.started.get()
        let response = try await HTTPClient(caFile: certificate.path).send(request(host: "localhost", peer), maximumBodySize: 4_096)
        XCTAssertTrue((400..<500).contains(response.status), "\(response.status) \(response.bodyText())")
        XCTAssertTrue(response.bodyText().contains("WebSocket"), response.bodyText())
    }

    func testRefusesAnUntrustedCertificate() async throws {
        let (peer, _) = try LocalhostTLSPeer.started.get()
        do {
            _ = try await HTTPClient().send(request(host: "localhost", peer), maximumBodySize: 4_096)
            XCTFail("trusted a self-signed certificate")
        } catch {
            XCTAssertEqual(error.kind, .connectionFailed)
            XCTAssertTrue(error.message.contains("self-signed certificate"), error.message)
        }
    }

    func testRefusesACertificateForAnotherHost() async throws {
        let (peer, certificate) = try LocalhostTLSPeer.started.get()
        do {
            _ = try await HTTPClient(caFile: certificate.path).send(request(host: "127.0.0.1", peer), maximumBodySize: 4_096)
            XCTFail("accepted a certificate for localhost at 127.0.0.1")
        } catch {
            XCTAssertEqual(error.kind, .connectionFailed)
            XCTAssertTrue(error.message.lowercased().contains("mismatch"), error.message)
        }
    }

    func testANumericHostThatIsNotAnAddressLiteralIsStillChecked() async throws {
        // 2130706433 reaches 127.0.0.1, but is no address literal: it is checked as a name and
        // matches nothing on a certificate for localhost, so the connection is refused.
        let (peer, certificate) = try LocalhostTLSPeer.started.get()
        do {
            _ = try await HTTPClient(caFile: certificate.path).send(request(host: "2130706433", peer), maximumBodySize: 4_096)
            XCTFail("accepted a certificate for localhost without checking it against 2130706433")
        } catch {
            XCTAssertEqual(error.kind, .connectionFailed)
            XCTAssertTrue(error.message.lowercased().contains("mismatch"), error.message)
        }
    }
}
