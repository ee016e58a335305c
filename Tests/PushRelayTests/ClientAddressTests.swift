@testable import PushRelay
import XCTest

/// Client addresses: IPv4 and IPv6 text, the keys per-address limits count under, CIDR blocks,
/// and the client named behind trusted proxies.
final class ClientAddressTests: XCTestCase {
    func testAddressesParseAndPrintInTheirShortestForm() throws {
        XCTAssertEqual(IPAddress("192.0.2.7")?.description, "192.0.2.7")
        XCTAssertEqual(IPAddress("2001:DB8:0:0:0:0:0:1")?.description, "2001:db8::1")
        XCTAssertEqual(IPAddress("::ffff:192.0.2.7"), IPAddress("192.0.2.7"), "a dual-stack socket's IPv4 peer is the IPv4 address")
        XCTAssertEqual(IPAddress("::ffff:192.0.2.7")?.description, "192.0.2.7")
        for bad in ["", "192.0.2", "192.0.2.256", "1.2.3.4.5", "fe80::1%eth0", "[::1]", "2001:db8::1::2", "host.example", " 1.2.3.4"] {
            XCTAssertNil(IPAddress(bad), bad)
        }
        XCTAssertTrue(try XCTUnwrap(IPAddress("127.3.4.5")).isLoopback)
        XCTAssertTrue(try XCTUnwrap(IPAddress("::1")).isLoopback)
        XCTAssertFalse(try XCTUnwrap(IPAddress("::2")).isLoopback)
        XCTAssertFalse(try XCTUnwrap(IPAddress("10.0.0.1")).isLoopback)
    }

    func testIPv6ClientsCountPerSlash64AndIPv4PerAddress() {
        XCTAssertEqual(IPAddress("2001:db8:1:2:aaaa::1")?.limitKey, "2001:db8:1:2::/64")
        XCTAssertEqual(IPAddress("2001:db8:1:2:ffff:ffff:ffff:ffff")?.limitKey, IPAddress("2001:db8:1:2::5")?.limitKey)
        XCTAssertNotEqual(IPAddress("2001:db8:1:3::1")?.limitKey, IPAddress("2001:db8:1:2::1")?.limitKey)
        XCTAssertEqual(IPAddress("192.0.2.7")?.limitKey, "192.0.2.7")
        XCTAssertNotEqual(IPAddress("192.0.2.7")?.limitKey, IPAddress("192.0.2.8")?.limitKey)
        XCTAssertEqual(RelayRequest(method: "GET", path: "/", clientAddress: "2001:db8::9").addressKey, "2001:db8::/64")
    }

    func testCIDRBlocksHoldWhatTheirPrefixSays() throws {
        let block = try AddressRange("10.1.0.0/16")
        XCTAssertTrue(block.contains(try XCTUnwrap(IPAddress("10.1.255.3"))))
        XCTAssertFalse(block.contains(try XCTUnwrap(IPAddress("10.2.0.1"))))
        XCTAssertFalse(block.contains(try XCTUnwrap(IPAddress("::a01:1"))), "an IPv6 address is not in an IPv4 block")
        let odd = try AddressRange("192.0.2.128/25")
        XCTAssertTrue(odd.contains(try XCTUnwrap(IPAddress("192.0.2.200"))))
        XCTAssertFalse(odd.contains(try XCTUnwrap(IPAddress("192.0.2.127"))))
        let six = try AddressRange("fd00::/8")
        XCTAssertTrue(six.contains(try XCTUnwrap(IPAddress("fd12:3456::1"))))
        XCTAssertFalse(six.contains(try XCTUnwrap(IPAddress("fe80::1"))))
        XCTAssertTrue(try AddressRange("0.0.0.0/0").contains(try XCTUnwrap(IPAddress("203.0.113.9"))))
        XCTAssertFalse(try AddressRange("0.0.0.0/0").contains(try XCTUnwrap(IPAddress("2001:db8::1"))))
        XCTAssertTrue(try AddressRange("127.0.0.1").contains(try XCTUnwrap(IPAddress("127.0.0.1"))))
        XCTAssertFalse(try AddressRange("127.0.0.1").contains(try XCTUnwrap(IPAddress("127.0.0.2"))))
        for bad in ["10.0.0.0/33", "fd00::/129", "10.0.0.0/-1", "10.0.0.0/", "proxy", "10.0.0.0/8/8", ""] {
            XCTAssertThrowsError(try AddressRange(bad), bad)
        }
    }

    func testTheClientIsTheRightmostForwardedAddressThatIsNotATrustedProxy() throws {
        let proxies = TrustedProxies([try AddressRange("10.0.0.0/8"), try AddressRange("fd00::/8")])
        let proxy = try XCTUnwrap(IPAddress("10.0.0.2")), stranger = try XCTUnwrap(IPAddress("203.0.113.5"))
        func client(_ peer: IPAddress, _ forwarded: String?) -> String { proxies.client(of: peer, forwardedFor: forwarded).description }
        XCTAssertEqual(client(proxy, "198.51.100.7"), "198.51.100.7")
        // The client wrote the first entry itself; the proxy appended what it saw.
        XCTAssertEqual(client(proxy, "1.1.1.1, 198.51.100.7"), "198.51.100.7")
        XCTAssertEqual(client(proxy, "1.1.1.1, 198.51.100.7, 10.0.0.9"), "198.51.100.7", "a chain of trusted proxies is skipped")
        XCTAssertEqual(client(proxy, "10.0.0.8, 10.0.0.9"), "10.0.0.8", "all trusted: the leftmost")
        XCTAssertEqual(client(proxy, "garbage, 198.51.100.7"), "198.51.100.7")
        XCTAssertEqual(client(proxy, "198.51.100.7, garbage"), "10.0.0.2", "an entry that is no address: the last proxy")
        XCTAssertEqual(client(proxy, "[2001:db8::5]:443"), "2001:db8::5")
        XCTAssertEqual(client(proxy, "198.51.100.7:5000"), "198.51.100.7")
        XCTAssertEqual(client(proxy, nil), "10.0.0.2", "no header: the proxy itself")
        XCTAssertEqual(client(stranger, "198.51.100.7"), "203.0.113.5", "an untrusted peer's header is its own word")
        XCTAssertEqual(TrustedProxies().client(of: proxy, forwardedFor: "198.51.100.7"), proxy, "no proxies trusted: no header counts")
    }
}
