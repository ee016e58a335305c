import CLIKit
import CLIKitTestSupport
import Essentials
import Foundation
import HomeCLI
import XCTest

/// `home thread` against the real Home Assistant: a network made, shared and made preferred,
/// secrets hidden unless asked for, the store 0600, the PSKc, and mistakes named.
final class ThreadCommandTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    private func home(_ server: IntegrationEnvironment, _ arguments: [String], input: [String] = []) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder(input: [server.token] + input)
        let code = await HomeApp.run(arguments + ["--server", server.url, "--token-file", "-"], console: recorder.console())
        return (code, recorder)
    }

    private func local(_ arguments: [String], input: [String] = []) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder(input: input)
        return (await HomeApp.run(arguments, console: recorder.console()), recorder)
    }

    func testANetworkIsMadeSharedPreferredAndListedWithItsSecretsHidden() async throws {
        let server = try IntegrationEnvironment.require()
        let (made, new) = await local(["thread", "new", "--channel", "21", "--name", "CLI Thread", "--json"])
        XCTAssertEqual(made, .success, new.error)
        let fields = try JSONParser.parse(new.out).objectValue ?? [:]
        let id = try XCTUnwrap(fields["id"]?.stringValue)
        XCTAssertEqual(fields["channel"], .integer(21))
        XCTAssertEqual(fields["network_key"], .string("(hidden: --show-secrets)"))
        XCTAssertNil(fields["tlv"])
        let file = world.layout.data.appendingPathComponent("thread/thread.sqlite")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)

        let (shared, share) = await home(server, ["thread", "share", id])
        XCTAssertEqual(shared, .success, share.error)
        let (preferred, prefer) = await home(server, ["thread", "prefer", id])
        XCTAssertEqual(preferred, .success, prefer.error)
        let (imported, _) = await home(server, ["thread", "import"])
        XCTAssertEqual(imported, .success)
        let (shown, secret) = await local(["thread", "show", id, "--json", "--show-secrets"])
        XCTAssertEqual(shown, .success)
        let revealed = try JSONParser.parse(secret.out).objectValue ?? [:]
        let key = try XCTUnwrap(revealed["network_key"]?.stringValue)
        XCTAssertEqual(key.count, 32)
        XCTAssertNotNil(revealed["tlv"])
        let (listed, list) = await local(["thread", "list"])
        XCTAssertEqual(listed, .success)
        let row = try XCTUnwrap(list.out.split(separator: "\n").first { $0.contains(id) }, list.out)
        XCTAssertTrue(row.hasPrefix("* CLI Thread "), "marked preferred: \(row)")
        XCTAssertTrue(row.contains(" 21 "), String(row))
        XCTAssertFalse(list.out.contains(key), "no secrets in the table")
    }

    func testThePSKcAndMistakes() async throws {
        let (computed, pskc) = await local(["thread", "pskc", "--passphrase-stdin", "--name", "Test Network", "--xpanid", "0001020304050607"],
                                           input: ["12SECRETPASSWORD34"])
        XCTAssertEqual(computed, .success, pskc.error)
        XCTAssertEqual(pskc.out, "c3f59368445a1b6106be420a706d4cc9\n")
        let (noStdin, refusal) = await local(["thread", "pskc", "--name", "n", "--xpanid", "0001020304050607"])
        XCTAssertEqual(noStdin, .usage)
        XCTAssertTrue(refusal.error.contains("--passphrase-stdin"), refusal.error)
        let (badChannel, channel) = await local(["thread", "new", "--channel", "9"])
        XCTAssertEqual(badChannel, .usage)
        XCTAssertTrue(channel.error.contains("--channel needs 11 to 26"), channel.error)
        let (unknown, missing) = await local(["thread", "show", "feedface"])
        XCTAssertEqual(unknown, .usage)
        XCTAssertTrue(missing.error.contains("no stored network 'feedface'"), missing.error)
        let (badURL, url) = await local(["thread", "otbr", "get", "not a url"])
        XCTAssertEqual(badURL, .usage)
        XCTAssertTrue(url.error.contains("is not an http(s) URL"), url.error)
    }
}
