import CLIKit
import CLIKitTestSupport
import Foundation
import HomeAPI
import HomeCLI
import XCTest

/// Several servers at once and permission updates with structure hinting. The one test server
/// is reached under two addresses (127.0.0.1 and localhost), which are two structures here.
final class PermissionsUpdateTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    private func home(_ arguments: [String], input: [String] = []) async -> (code: ExitCode, out: String, error: String) {
        let recorder = ConsoleRecorder(input: input)
        let code = await HomeApp.run(arguments, console: recorder.console())
        return (code, recorder.out, recorder.error)
    }

    func testTwoServersAndAScriptedPermissionsUpdate() async throws {
        let server = try IntegrationEnvironment.require()
        let other = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let signIn = ["--username", server.username, "--password-stdin"]
        let first = await home(["login", server.url] + signIn, input: [server.password])
        XCTAssertEqual(first.code, .success, first.error)
        let second = await home(["login", other] + signIn, input: [server.password])
        XCTAssertEqual(second.code, .success, second.error)
        let servers = await home(["servers"])
        XCTAssertTrue(servers.out.contains("* \(other)"), "the last sign-in is the default: \(servers.out)")
        XCTAssertTrue(servers.out.contains("  \(server.url)"), servers.out)
        let statesThere = await home(["states", "--server", server.url, "sun.*"])
        XCTAssertEqual(statesThere.code, .success, statesThere.error)

        let locked = await home(
            ["permissions", "--structure", server.url, "--choose", other] + signIn, input: [server.password]
        )
        XCTAssertEqual(locked.code, .failure, "a locked choice refuses another server")
        XCTAssertTrue(locked.error.contains("may not be chosen here"), locked.error)

        let outside = await home(["permissions", "--structure", other, "--allowed", server.url, "--yes"] + signIn, input: [server.password])
        XCTAssertEqual(outside.code, .failure, "a hint outside the allowed list is refused when changes are not allowed")
        XCTAssertTrue(outside.error.contains("structureID"), outside.error)

        let before = try CredentialStoreSnapshot(world).refreshToken(of: server.url)
        let renewed = await home(
            ["permissions", "--structure", other, "--allowed", "\(other),\(server.url)", "--allow-change", "--choose", server.url] + signIn,
            input: [server.password]
        )
        XCTAssertEqual(renewed.code, .success, renewed.error)
        XCTAssertTrue(renewed.out.contains("access granted to \(server.url)"), renewed.out)
        let after = try CredentialStoreSnapshot(world).refreshToken(of: server.url)
        XCTAssertNotEqual(before, after, "the chosen server was authorized again")
        XCTAssertEqual(try Home.servers().first?.server, server.url, "and became the default")
    }
}
