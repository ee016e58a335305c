import CLIKit
import CLIKitTestSupport
import Foundation
import HomeCLI
import XCTest

/// `home login`, `servers`, `status`, `locale`, `states` and `logout` against the real Home
/// Assistant, with the stored session instead of a token, and no token ever printed or logged.
final class SessionCommandTests: XCTestCase {
    private var world: TemporaryHomeWorld!
    private var printed = ""

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
        printed = ""
    }

    override func tearDown() {
        world.tearDown()
    }

    private func home(_ arguments: String..., input: [String] = []) async -> (code: ExitCode, out: String, error: String) {
        let recorder = ConsoleRecorder(input: input)
        let code = await HomeApp.run(arguments, console: recorder.console())
        printed += recorder.out + recorder.error
        return (code, recorder.out, recorder.error)
    }

    func testAPasswordSessionDrivesEveryCommandAndNoTokenIsEverShown() async throws {
        let server = try IntegrationEnvironment.require()
        let login = await home("login", server.url, "--username", server.username, "--password-stdin", input: [server.password])
        XCTAssertEqual(login.code, .success, login.error)
        let store = world.layout.configuration.appendingPathComponent("credentials.json")
        let permissions = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: store)) as? [String: Any]
        let session = try XCTUnwrap((file?["sessions"] as? [String: Any])?[server.url] as? [String: Any])
        let secrets = try [XCTUnwrap(session["accessToken"] as? String), XCTUnwrap(session["refreshToken"] as? String)]

        let servers = await home("servers", "--json")
        XCTAssertTrue(servers.out.contains("\"server\" : \"\(server.url)\""), servers.out)
        let status = await home("status", "--json")
        XCTAssertEqual(status.code, .success, status.error)
        XCTAssertTrue(status.out.contains("\"user\" : \"\(server.username)\""), status.out)
        let states = await home("states", "--json", "sun.*")
        XCTAssertEqual(states.code, .success, states.error)
        XCTAssertTrue(states.out.contains("\"sun.sun\""), states.out)
        let set = await home("locale", "set", "nl")
        XCTAssertEqual(set.code, .success, set.error)
        let read = await home("locale")
        XCTAssertEqual(read.out, "nl\n")
        let logout = await home("logout")
        XCTAssertEqual(logout.code, .success, logout.error)
        XCTAssertTrue(logout.out.contains("signed out of \(server.url)"), logout.out)
        let after = await home("states")
        XCTAssertEqual(after.code, .usage)

        let logged = world.logs.lines.joined(separator: "\n")
        for secret in secrets {
            XCTAssertFalse(printed.contains(secret), "a token was printed")
            XCTAssertFalse(logged.contains(secret), "a token was logged")
        }
    }

    func testAPlantedLongLivedTokenIsKeptButNeverShown() async throws {
        let server = try IntegrationEnvironment.require()
        let login = await home("login", server.url, "--token-stdin", input: [server.token])
        XCTAssertEqual(login.code, .success, login.error)
        let servers = await home("servers", "--json")
        XCTAssertTrue(servers.out.contains("\"kind\" : \"long-lived\""), servers.out)
        let status = await home("status", "--json")
        XCTAssertEqual(status.code, .success, status.error)
        let wrong = await home("login", server.url, "--token-stdin", input: ["planted.wrong.token"])
        XCTAssertEqual(wrong.code, .failure)
        XCTAssertTrue(wrong.error.contains("permissionDenied"), wrong.error)
        let stillThere = await home("states", "sun.*")
        XCTAssertEqual(stillThere.code, .success, "a failed login keeps the session there was: \(stillThere.error)")
        let logged = world.logs.lines.joined(separator: "\n")
        for secret in [server.token, "planted.wrong.token"] {
            XCTAssertFalse(printed.contains(secret), "a token was printed")
            XCTAssertFalse(logged.contains(secret), "a token was logged")
        }
    }

    func testEveryStartChecksTheSessionAndARevokedOneIsWiped() async throws {
        let server = try IntegrationEnvironment.require()
        let login = await home("login", server.url, "--username", server.username, "--password-stdin", input: [server.password])
        XCTAssertEqual(login.code, .success, login.error)
        _ = await home("states")
        XCTAssertTrue(world.files.contains { $0.hasSuffix("entities.sqlite") })
        let deleted = try await AdminConnection(server: server).revokeTokens(of: world.clientID)
        XCTAssertEqual(deleted, 1)
        // The access token is still unexpired: only the server knows it was revoked.
        let revoked = await home("call", "light.turn_on", "--entity", "light.bed_light")
        XCTAssertEqual(revoked.code, .failure)
        XCTAssertTrue(revoked.error.contains("access to \(server.url) was revoked; its tokens and data were removed"), revoked.error)
        XCTAssertEqual(world.files.filter { $0.contains("/servers/") || $0.hasSuffix("entities.sqlite") }, [])
        let servers = await home("servers")
        XCTAssertEqual(servers.out, "no servers; sign in with 'home login URL'\n")
    }

    func testTheDefaultServerIsChosenAmongThoseSignedIn() async throws {
        let server = try IntegrationEnvironment.require()
        let other = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        for url in [server.url, other] {
            let login = await home("login", url, "--token-stdin", input: [server.token])
            XCTAssertEqual(login.code, .success, login.error)
        }
        let chosen = await home("servers", "default", "--server", server.url)
        XCTAssertEqual(chosen.code, .success, chosen.error)
        XCTAssertEqual(chosen.out, "\(server.url) is the default server\n")
        let servers = await home("servers")
        XCTAssertTrue(servers.out.hasPrefix("* \(server.url)"), "the chosen server is the default: \(servers.out)")
        XCTAssertTrue(servers.out.contains("  \(other)"), servers.out)
        let json = await home("servers", "default", "--server", other, "--json")
        XCTAssertEqual(json.out, "{\n  \"default\" : \"\(other)\"\n}\n")
        let states = await home("states", "sun.*", "--json")
        XCTAssertEqual(states.code, .success, "commands without --server use the default: \(states.error)")

        let unknown = await home("servers", "default", "--server", "http://127.0.0.1:1")
        XCTAssertEqual(unknown.code, .failure)
        XCTAssertTrue(unknown.error.contains("not signed in to http://127.0.0.1:1"), unknown.error)
        let missing = await home("servers", "default")
        XCTAssertEqual(missing.code, .usage)
        XCTAssertTrue(missing.error.contains("needs --server URL"), missing.error)
        let still = await home("servers")
        XCTAssertTrue(still.out.hasPrefix("* \(other)"), "a refused choice changes nothing: \(still.out)")
    }
}
