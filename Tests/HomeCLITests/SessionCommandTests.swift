import Foundation
import XCTest

/// `home login`, `logout`, `servers`, `status`, `locale` and `permissions` without a server:
/// argument checks and the answers when nobody has signed in.
final class SessionCommandTests: HomeCLITestCase {
    func testLoginNeedsOneWayToSignInWhenNotAtATerminal() async {
        let none = await home("login", "http://127.0.0.1:1")
        XCTAssertEqual(none.code, .usage)
        XCTAssertTrue(none.error.contains("not at a terminal: give --username NAME --password-stdin, --browser or --token-stdin"), none.error)
        let two = await home("login", "http://127.0.0.1:1", "--browser", "--token-stdin")
        XCTAssertEqual(two.code, .usage)
        let noUser = await home("login", "http://127.0.0.1:1", "--password-stdin", input: ["secret"])
        XCTAssertTrue(noUser.error.contains("--password-stdin needs --username NAME"), noUser.error)
        let noPassword = await home("login", "http://127.0.0.1:1", "--username", "me", "--password-stdin")
        XCTAssertTrue(noPassword.error.contains("standard input holds no password"), noPassword.error)
        // Without a URL the server is looked for on the network; none found here (no Avahi), it says what to give.
        let noURL = await home("login", "--token-stdin", input: ["abc"])
        XCTAssertEqual(noURL.code, .failure)
        XCTAssertTrue(noURL.error.contains("home login URL"), noURL.error)
        let badURL = await home("login", "ftp://x", "--token-stdin", input: ["abc"])
        XCTAssertEqual(badURL.code, .failure)
        XCTAssertTrue(badURL.error.contains("invalidArgument: server:"), badURL.error)
    }

    func testAnUnreachableServerFailsTheLoginAndStoresNothing() async {
        let result = await home("login", "http://127.0.0.1:1", "--token-stdin", input: ["planted-token-123"])
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.error.contains("unavailable"), result.error)
        XCTAssertFalse(result.error.contains("planted-token-123"))
        let servers = await home("servers")
        XCTAssertEqual(servers.out, "no servers; sign in with 'home login URL'\n")
    }

    func testNothingToSignOutOfOrShow() async {
        let logout = await home("logout")
        XCTAssertEqual(logout.code, .usage)
        XCTAssertTrue(logout.error.contains("not signed in"), logout.error)
        let status = await home("status")
        XCTAssertEqual(status.code, .usage)
        let permissions = await home("permissions", "--yes")
        XCTAssertEqual(permissions.code, .usage)
        let json = await home("servers", "--json")
        XCTAssertEqual(json.out, "[\n\n]\n")
    }

    func testLocaleBeforeSignInIsKeptForTheRunAndCheckedAsATag() async {
        let unset = await home("locale")
        XCTAssertEqual(unset.out, "not set\n")
        let set = await home("locale", "set", "en-GB")
        XCTAssertEqual(set.code, .success, set.error)
        XCTAssertTrue(set.out.contains("for this run only"), set.out)
        let invalid = await home("locale", "set", "not a tag!")
        XCTAssertEqual(invalid.code, .failure)
        XCTAssertTrue(invalid.error.contains("locale:"), invalid.error)
        let missing = await home("locale", "set")
        XCTAssertEqual(missing.code, .usage)
    }
}
