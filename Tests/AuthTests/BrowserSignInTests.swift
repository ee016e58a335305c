import Auth
import Foundation
import LoopbackTestSupport
import Networking
import XCTest

/// The loopback side of the browser sign-in: what it listens on, and the answers it refuses
/// before any code is exchanged (so no server is needed).
final class BrowserSignInTests: XCTestCase {
    private func send(_ text: String, to port: Int) -> String {
        guard let connection = try? RawConnection(port: port) else { return "connect failed" }
        connection.send(text)
        return connection.read(until: nil, timeout: 5)
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

    func testCancellingStopsListeningAndEndsTheWait() async throws {
        let sign = try BrowserSignIn(address: try ServerAddress("http://127.0.0.1:1"))
        let port = port(sign)
        let waiting = Task { try await sign.complete(timeout: 20) }
        XCTAssertTrue(send("GET /favicon.ico HTTP/1.1\r\n\r\n", to: port).hasPrefix("HTTP/1.1 404"), "listening before the cancel")
        sign.cancel()
        XCTAssertEqual(send("GET / HTTP/1.1\r\n\r\n", to: port), "connect failed", "still listening after the cancel")
        do {
            _ = try await waiting.value
            XCTFail("a cancelled sign-in succeeded")
        } catch AuthError.timedOut {}
    }
}
