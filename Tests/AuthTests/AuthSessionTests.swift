import Auth
import Foundation
import Networking
import XCTest

/// When the session refreshes, that concurrent refreshes collapse, and what a revoked one does.
final class AuthSessionTests: XCTestCase {
    private let folder = TemporaryFolder()

    override func tearDown() {
        folder.remove()
    }

    private func session(expiresIn seconds: Double, refresh: String? = "refresh", granting: any TokenGranting) throws -> AuthSession {
        let stored = StoredSession(
            server: "http://a:8123", clientID: "http://127.0.0.1/c", accessToken: "access-0", refreshToken: refresh,
            expiresAt: Date().addingTimeInterval(seconds), signedInAt: Date()
        )
        let store = CredentialStore(folder: folder.url)
        try store.save(stored, makeDefault: true)
        return AuthSession(address: try ServerAddress("http://a:8123"), stored: stored, store: store, granting: granting)
    }

    func testAFreshTokenIsUsedAsItIs() async throws {
        let granting = CountingGranting()
        let auth = try session(expiresIn: 1000, granting: granting)
        let token = try await auth.accessToken(forceRefresh: false)
        XCTAssertEqual(token, "access-0")
        XCTAssertEqual(granting.count, 0)
    }

    func testATokenAboutToExpireIsRefreshedAndStored() async throws {
        let granting = CountingGranting()
        let auth = try session(expiresIn: 30, granting: granting)
        let token = try await auth.accessToken(forceRefresh: false)
        XCTAssertEqual(token, "access-1")
        XCTAssertEqual(try CredentialStore(folder: folder.url).session(for: "http://a:8123")?.accessToken, "access-1")
        XCTAssertEqual(try CredentialStore(folder: folder.url).session(for: "http://a:8123")?.refreshToken, "refresh", "the refresh token stays")
    }

    func testConcurrentRefreshesCollapseIntoOne() async throws {
        let granting = CountingGranting()
        let auth = try session(expiresIn: 1000, granting: granting)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await auth.accessToken(forceRefresh: true) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        XCTAssertEqual(granting.count, 1)
        XCTAssertEqual(Set(tokens), ["access-1"])
    }

    func testALongLivedTokenIsNeverRefreshed() async throws {
        let granting = CountingGranting()
        let auth = try session(expiresIn: -10, refresh: nil, granting: granting)
        let token = try await auth.accessToken(forceRefresh: true)
        XCTAssertEqual(token, "access-0")
        XCTAssertEqual(granting.count, 0)
    }

    func testARevokedRefreshEndsTheSession() async throws {
        let auth = try session(expiresIn: 10, granting: CountingGranting(revoked: true))
        do {
            _ = try await auth.accessToken(forceRefresh: false)
            XCTFail("a revoked session handed out a token")
        } catch let error as AuthError {
            XCTAssertEqual(error, .revoked)
            XCTAssertTrue(error.endsSession, "connections stop instead of retrying")
        }
    }

    func testARefreshAfterLogoutDoesNotBringTheSessionBack() async throws {
        let auth = try session(expiresIn: 10, granting: CountingGranting())
        try CredentialStore(folder: folder.url).remove("http://a:8123")
        _ = try await auth.accessToken(forceRefresh: false)
        XCTAssertNil(try CredentialStore(folder: folder.url).session(for: "http://a:8123"))
    }
}
