import Auth
import Foundation
import Networking
import XCTest

/// The loopback side of the browser sign-in: what it listens on, and the answers it refuses
/// before any code is exchanged (so no server is needed).
final class BrowserSignInTests: XCTestCase {
    private func send(_ text: String, to port: Int) -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return "connect failed" }
        _ = Array(text.utf8).withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer = [UInt8](repeating: 0, count: 4096)
        let count = answer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_WAITALL)) }
        return String(decoding: answer.prefix(max(count, 0)), as: UTF8.self)
    }

    private func query(_ sign: BrowserSignIn) -> [String: String] {
        let items = URLComponents(url: sign.authorizeURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
    }

    private func port(_ sign: BrowserSignIn) -> Int {
        Int(URLComponents(string: sign.redirectURI)?.port ?? 0)
    }

    func testTheAuthorizeURLCarriesALoopbackRedirectAndARandomState() throws {
        let address = try ServerAddress("http://homeassistant.local:8123")
        let first = try BrowserSignIn(address: address), second = try BrowserSignIn(address: address)
        let query = query(first)
        XCTAssertEqual(first.authorizeURL.path, "/auth/authorize")
        XCTAssertEqual(query["response_type"], "code")
        XCTAssertEqual(query["client_id"], first.clientID)
        XCTAssertEqual(query["redirect_uri"], first.redirectURI)
        XCTAssertTrue(first.redirectURI.hasPrefix("http://127.0.0.1:"))
        XCTAssertEqual(query["state"]?.count, 64)
        XCTAssertNotEqual(query["state"], self.query(second)["state"])
    }

    func testOtherPathsAndBadRequestsAreAnsweredAndAForgedStateIsRefused() async throws {
        let sign = try BrowserSignIn(address: try ServerAddress("http://127.0.0.1:1"))
        let port = port(sign)
        let waiting = Task { try await sign.complete(timeout: 20) }
        XCTAssertTrue(send("GET /favicon.ico HTTP/1.1\r\n\r\n", to: port).hasPrefix("HTTP/1.1 404"))
        XCTAssertTrue(send("NONSENSE\r\n\r\n", to: port).hasPrefix("HTTP/1.1 400"))
        let page = send("GET /auth/callback?code=c&state=forged HTTP/1.1\r\n\r\n", to: port)
        XCTAssertTrue(page.hasPrefix("HTTP/1.1 400"), page)
        XCTAssertTrue(page.contains("another sign-in"), page)
        do {
            _ = try await waiting.value
            XCTFail("a forged state was accepted")
        } catch AuthError.stateMismatch {}
        XCTAssertEqual(send("GET / HTTP/1.1\r\n\r\n", to: port), "connect failed", "the listener closed")
    }

    func testADeniedSignInAndATimeout() async throws {
        let denied = try BrowserSignIn(address: try ServerAddress("http://127.0.0.1:1"))
        let state = query(denied)["state"] ?? ""
        let waiting = Task { try await denied.complete(timeout: 20) }
        _ = send("GET /auth/callback?error=access_denied&state=\(state) HTTP/1.1\r\n\r\n", to: port(denied))
        do {
            _ = try await waiting.value
            XCTFail("a denied sign-in succeeded")
        } catch AuthError.authorizationDenied(let reason) {
            XCTAssertEqual(reason, "access_denied")
        }
        let idle = try BrowserSignIn(address: try ServerAddress("http://127.0.0.1:1"))
        do {
            _ = try await idle.complete(timeout: 0.5)
            XCTFail("a sign-in nobody finished succeeded")
        } catch AuthError.timedOut(let seconds) {
            XCTAssertEqual(seconds, 0.5)
        }
    }
}
