import Foundation
import LoopbackTestSupport
@testable import PushRelay
import XCTest

/// The relay behind a reverse proxy (X-Forwarded-For, the PROXY protocol) and on IPv6: every
/// per-address limit counts the client, not the proxy, and only a trusted proxy may name one.
/// On the code before, everything behind one proxy shared one address's limits.
final class RelayBehindProxyTests: XCTestCase {
    private var relay: RelayTestServer?

    override func tearDown() {
        relay?.stop()
    }

    private func start(_ configure: @escaping (inout RelayConfiguration) -> Void) throws -> Int {
        let relay = try RelayTestServer(configure: configure)
        self.relay = relay
        return relay.port
    }

    /// The status of one request sent on a new connection from `source`, with `prefix` bytes
    /// (a PROXY header) before it and `X-Forwarded-For: forwarded` when given; 0 when the
    /// connection closes without an answer.
    private func status(
        _ port: Int, from source: String = "127.0.0.1", prefix: [UInt8] = [], forwarded: String? = nil,
        request: String = "POST /rate_limits/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 18\r\n",
        body: String = "{\"push_token\":\"t\"}"
    ) throws -> Int {
        let connection = try RawConnection(port: port, from: source)
        connection.send(bytes: prefix + Array((request + (forwarded.map { "X-Forwarded-For: \($0)\r\n" } ?? "") + "Connection: close\r\n\r\n" + body).utf8))
        return Int(connection.read(until: nil, timeout: 5).dropFirst(9).prefix(3)) ?? 0
    }

    func testBehindATrustedProxyEachForwardedClientHasItsOwnRateLimit() throws {
        let proxies = TrustedProxies([try AddressRange("127.0.0.1")])
        let port = try start { configuration in
            configuration.requestsPerAddress = 5
            configuration.http.trustedProxies = proxies
        }
        let flood = try (0..<30).map { _ in try status(port, forwarded: "203.0.113.9, 198.51.100.7") }
        XCTAssertEqual(flood.filter { $0 == 200 }.count, 10, "a burst of twice the rate: \(flood)")
        XCTAssertEqual(flood.filter { $0 == 429 }.count, 20)
        XCTAssertEqual(try status(port, forwarded: "198.51.100.8"), 200, "another client behind the same proxy has its own budget")
        XCTAssertEqual(try status(port, forwarded: "198.51.100.7, 198.51.100.8"), 200, "the client is the rightmost entry, not what it wrote itself")
        XCTAssertEqual(try status(port), 200, "the proxy's own requests (Home Assistant beside it) are not the flooder's")
        // An untrusted peer's header names nobody: its own address is limited.
        let spoofed = try (0..<30).map { number in try status(port, from: "127.0.0.3", forwarded: "198.51.100.\(number + 20)") }
        XCTAssertEqual(spoofed.filter { $0 == 429 }.count, 20, "a header from an untrusted peer does not escape its limit: \(spoofed)")
    }

    func testBehindATrustedProxyRegistrationsAreLimitedPerClient() throws {
        let proxies = TrustedProxies([try AddressRange("127.0.0.0/30")])
        let port = try start { configuration in
            configuration.registrationsPerAddress = 2
            configuration.http.trustedProxies = proxies
        }
        let register = "POST /push/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
        let first = try (0..<3).map { _ in try status(port, forwarded: "198.51.100.7", request: register, body: "{}") }
        XCTAssertEqual(first, [201, 201, 429])
        XCTAssertEqual(try status(port, forwarded: "198.51.100.8", request: register, body: "{}"), 201, "a second user behind the same proxy registers")
    }

    func testThePROXYProtocolNamesTheClientWhoseConnectionsAreCountedPerAddressAndPerSlash64() throws {
        let proxies = TrustedProxies([try AddressRange("127.0.0.1")])
        let port = try start { configuration in
            configuration.http.connectionsPerAddress = 2
            configuration.http.proxyProtocol = true
            configuration.http.trustedProxies = proxies
        }
        func version1(_ client: String) -> [UInt8] {
            Array("PROXY \(client.contains(":") ? "TCP6" : "TCP4") \(client) \(client.contains(":") ? "::1" : "127.0.0.1") 40000 443\r\n".utf8)
        }
        func version2(_ client: [UInt8]) -> [UInt8] {
            ProxyHeader.version2Signature + [0x21, 0x11, 0, 12] + client + [127, 0, 0, 1, 0x9C, 0x40, 0x01, 0xBB]
        }
        func held(_ prefix: [UInt8]) throws -> (RawConnection, String) {
            let connection = try RawConnection(port: port)
            connection.send(bytes: prefix + Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            return (connection, connection.read(until: "\"ok\"", timeout: 3))
        }
        // Two connections of one client fill its share; the third (v2 this time) is closed.
        let holders = try [held(version1("198.51.100.7")), held(version2([198, 51, 100, 7]))]
        for (_, answer) in holders { XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), answer) }
        XCTAssertEqual(try held(version1("198.51.100.7")).1, "", "the client's third connection is closed")
        XCTAssertTrue(try held(version2([198, 51, 100, 8])).1.hasPrefix("HTTP/1.1 200"), "another client through the same proxy is served")
        // IPv6 clients count per /64.
        let six = try [held(version1("2001:db8::1")), held(version1("2001:db8::2"))]
        for (_, answer) in six { XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), answer) }
        XCTAssertEqual(try held(version1("2001:db8::ffff:1")).1, "", "a third address of the same /64 is the same client")
        XCTAssertTrue(try held(version1("2001:db8:0:1::1")).1.hasPrefix("HTTP/1.1 200"), "the next /64 is another client")
        // The named client is who /metrics sees: a remote one is refused, as without a proxy.
        XCTAssertEqual(try status(port, prefix: version1("198.51.100.9"), request: "GET /metrics HTTP/1.1\r\nHost: x\r\n", body: ""), 403)
        XCTAssertEqual(try status(port, prefix: Array("PROXY UNKNOWN\r\n".utf8), request: "GET /healthz HTTP/1.1\r\nHost: x\r\n", body: ""), 200)
        // The trusted peer must send the header; no one else may.
        XCTAssertEqual(try status(port), 0, "a trusted proxy's connection without a header is closed")
        XCTAssertEqual(try status(port, from: "127.0.0.2", prefix: version1("198.51.100.10")), 400, "an untrusted peer's PROXY line is not HTTP")
        XCTAssertEqual(try status(port, from: "127.0.0.2"), 200, "and its plain requests are served")
    }

    func testTheRelayListensOnIPv6AndIPv4Together() throws {
        let port = try start { configuration in configuration.http.host = "::" }
        for host in ["::1", "127.0.0.1"] {
            let connection = try RawConnection(port: port, host: host)
            connection.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue(connection.read(until: "relay_", timeout: 5).hasPrefix("HTTP/1.1 200"), "\(host): this machine reads /metrics")
        }
    }
}
