import Foundation
import LoopbackTestSupport
import XCTest

/// `home` against the real server behind TLS (nginx in front, as people run it), with the
/// certificates' CA trusted through OpenSSL's `SSL_CERT_FILE`: a certificate for an IP address
/// and one for a name each work at the identity they name, and fail, saying why, at the other.
final class HomeBehindTLSTests: XCTestCase {
    private var folder: URL!
    private var proxy: TLSProxy?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        proxy?.stop()
        proxy = nil
        try? FileManager.default.removeItem(at: folder)
    }

    func testACertificateForAnAddressAndOneForANameEachWorkWhereTheyPoint() throws {
        let server = try IntegrationEnvironment.require()
        let byAddress = try TestCertificate(in: folder, name: "by-address", subjectAltName: "IP:127.0.0.1")
        let byName = try TestCertificate(in: folder, name: "by-name", subjectAltName: "DNS:localhost")
        let proxy = try TLSProxy(to: server, certificates: [byAddress, byName], folder: folder)
        self.proxy = proxy
        let authorities = folder.appendingPathComponent("authorities.pem")
        try (String(contentsOfFile: byAddress.certificate, encoding: .utf8) + String(contentsOfFile: byName.certificate, encoding: .utf8))
            .write(to: authorities, atomically: true, encoding: .utf8)
        let trusting = HomeProcess(root: folder.appendingPathComponent("home"), environment: ["SSL_CERT_FILE": authorities.path])
        let signIn = { (process: HomeProcess, url: String) throws -> (Int32, String) in
            try process.run(["login", url, "--username", server.username, "--password-stdin"], input: server.password)
        }
        let addressURL = "https://127.0.0.1:\(proxy.ports[0])", nameURL = "https://localhost:\(proxy.ports[1])"
        for url in [addressURL, nameURL] {
            let (signedIn, output) = try signIn(trusting, url)
            XCTAssertEqual(signedIn, 0, output)
            // The session over HTTPS, and the WebSocket over TLS: the connection is ready.
            let (status, shown) = try trusting.run(["status", "--server", url])
            XCTAssertEqual(status, 0, shown)
            XCTAssertTrue(shown.contains("connection  ready (Home Assistant 2024.3.3)"), shown)
        }
        // Each certificate at the identity it does not name, and a CA that is not trusted.
        let (wrongAddress, addressRefusal) = try signIn(trusting, "https://127.0.0.1:\(proxy.ports[1])")
        XCTAssertNotEqual(wrongAddress, 0)
        XCTAssertTrue(addressRefusal.contains("TLS handshake with 127.0.0.1 failed: IP address mismatch"), addressRefusal)
        let (wrongName, nameRefusal) = try signIn(trusting, "https://localhost:\(proxy.ports[0])")
        XCTAssertNotEqual(wrongName, 0)
        XCTAssertTrue(nameRefusal.contains("TLS handshake with localhost failed: hostname mismatch"), nameRefusal)
        let stranger = HomeProcess(root: folder.appendingPathComponent("stranger"))
        let (untrusted, untrustedRefusal) = try signIn(stranger, addressURL)
        XCTAssertNotEqual(untrusted, 0)
        XCTAssertTrue(untrustedRefusal.contains("self-signed certificate"), untrustedRefusal)
        let (_, servers) = try trusting.run(["servers"])
        XCTAssertFalse(servers.contains("127.0.0.1:\(proxy.ports[1])") || servers.contains("localhost:\(proxy.ports[0])"), "a refused sign-in stores nothing: \(servers)")
    }
}
