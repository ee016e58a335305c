import CRelayCrypto
import Foundation
import LoopbackTestSupport
import PushRelay
import XCTest

/// The relay's own TLS: certificate and key files, TLS 1.2 or later, and a new certificate taken
/// on reload (SIGHUP for the process) while open connections go on.
final class RelayTLSTests: XCTestCase {
    private var relay: RelayTestServer?
    private var process: RelayProcess?
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-tls-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        relay?.stop()
        process?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private var certificate: String { folder.appendingPathComponent("cert.pem").path }
    private var key: String { folder.appendingPathComponent("key.pem").path }

    /// A new self-signed certificate for 127.0.0.1 (its own CA) renamed into the files the relay
    /// reads, as an ACME client does; the CA file a client trusts to accept it.
    @discardableResult
    private func makeCertificate(_ name: String) throws -> String {
        let made = try TestCertificate(in: folder, name: name)
        try? FileManager.default.removeItem(atPath: certificate + ".new")
        try FileManager.default.copyItem(atPath: made.certificate, toPath: certificate + ".new")
        rename(certificate + ".new", certificate)
        rename(made.key, key)
        return made.certificate
    }

    private func startRelay() throws -> Int {
        let relay = try RelayTestServer { [certificate, key] configuration in
            configuration.http.tlsCertificateFile = certificate
            configuration.http.tlsKeyFile = key
        }
        self.relay = relay
        return relay.port
    }

    private static let health = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

    func testTheRelaySpeaksTLSOnlyAndNothingOlderThan12() throws {
        let authority = try makeCertificate("first")
        let port = try startRelay()
        let client = try TLSTestClient(port: port, trusting: authority)
        XCTAssertTrue(client.exchange(Self.health, until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(["TLSv1.2", "TLSv1.3"].contains(client.version), client.version)
        XCTAssertTrue(try TLSTestClient(port: port, trusting: authority, maximumVersion: TLS1_2_VERSION).version == "TLSv1.2")
        XCTAssertThrowsError(try TLSTestClient(port: port, trusting: authority, maximumVersion: TLS1_1_VERSION), "TLS 1.1 is refused")
        let plain = try RawConnection(port: port)
        plain.send(Self.health)
        XCTAssertFalse(plain.read(until: "\"ok\"", timeout: 2).contains("200"), "plain HTTP gets no answer on the TLS port")
    }

    func testAReloadServesTheNewCertificateToNewConnectionsAndKeepsOpenOnes() throws {
        let first = try makeCertificate("first")
        let port = try startRelay()
        let held = try TLSTestClient(port: port, trusting: first)
        XCTAssertTrue(held.exchange(Self.health, until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
        let second = try makeCertificate("second")
        try XCTUnwrap(relay).server.reloadCertificates()
        XCTAssertTrue(held.exchange(Self.health, until: "\"ok\"").hasPrefix("HTTP/1.1 200"), "the open connection goes on")
        XCTAssertThrowsError(try TLSTestClient(port: port, trusting: first), "the old certificate is no longer served")
        let fresh = try TLSTestClient(port: port, trusting: second)
        XCTAssertTrue(fresh.exchange(Self.health, until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
    }

    func testAReloadThatFailsKeepsTheCertificateInUse() throws {
        let authority = try makeCertificate("first")
        let port = try startRelay()
        try "not a certificate".write(toFile: certificate, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try XCTUnwrap(relay).server.reloadCertificates()) { error in
            XCTAssertTrue("\(error)".contains("cannot be used"), "\(error)")
        }
        XCTAssertTrue(try TLSTestClient(port: port, trusting: authority).exchange(Self.health, until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
    }

    func testAKeyEveryUserCanReadOrOfAnotherCertificateIsRefusedAtStart() throws {
        try makeCertificate("first")
        chmod(key, 0o644)
        XCTAssertThrowsError(try startRelay()) { XCTAssertTrue("\($0)".contains("readable by every user"), "\($0)") }
        chmod(key, 0o600)
        let otherKey = folder.appendingPathComponent("other-key.pem").path
        try FileManager.default.copyItem(atPath: key, toPath: otherKey)
        try makeCertificate("second")
        try FileManager.default.removeItem(atPath: key)
        try FileManager.default.moveItem(atPath: otherKey, toPath: key)
        XCTAssertThrowsError(try startRelay()) { XCTAssertTrue("\($0)".contains("cannot be used with"), "\($0)") }
    }

    func testSIGHUPMakesTheRunningRelayServeTheRenewedCertificate() throws {
        let first = try makeCertificate("first")
        let relay = try RelayProcess(["tls_certificate_file": certificate, "tls_key_file": key])
        process = relay
        XCTAssertTrue(relay.banner.contains("https://127.0.0.1:"), relay.banner)
        let held = try TLSTestClient(port: relay.port, trusting: first)
        XCTAssertTrue(held.exchange(Self.health, until: "\"ok\"").hasPrefix("HTTP/1.1 200"))
        let second = try makeCertificate("second")
        kill(relay.pid, SIGHUP)
        var renewed: TLSTestClient?
        for _ in 0..<50 where renewed == nil {
            renewed = try? TLSTestClient(port: relay.port, trusting: second)
            if renewed == nil { usleep(100_000) }
        }
        XCTAssertNotNil(renewed, "the relay serves the renewed certificate after SIGHUP: \(relay.errorText)")
        XCTAssertTrue(held.exchange(Self.health, until: "\"ok\"").hasPrefix("HTTP/1.1 200"), "the open connection goes on")
        XCTAssertTrue(relay.process.isRunning)
        XCTAssertTrue(relay.errorText.contains("TLS certificate reloaded"), relay.errorText)
        // The process holding the key leaves no core file.
        let limits = try String(contentsOfFile: "/proc/\(relay.pid)/limits", encoding: .utf8)
        let core = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        XCTAssertEqual(core.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2), ["0", "0"], String(core))
    }
}
