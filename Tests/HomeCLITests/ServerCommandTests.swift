import Foundation
import XCTest

/// The commands that talk to a server refuse to run without one, or with bad arguments.
final class ServerCommandTests: HomeCLITestCase {
    func testWithoutASessionOrATokenItIsAUsageError() async {
        let notSignedIn = await home("states")
        XCTAssertEqual(notSignedIn.code, .usage)
        XCTAssertTrue(notSignedIn.error.contains("not signed in: run 'home login URL'"), notSignedIn.error)
        let notSignedInThere = await home("watch", "--server", "http://127.0.0.1:1")
        XCTAssertEqual(notSignedInThere.code, .usage)
        XCTAssertTrue(notSignedInThere.error.contains("not signed in to http://127.0.0.1:1"), notSignedInThere.error)
        let tokenWithoutServer = await home("states", "--token-file", "-", input: ["t"])
        XCTAssertEqual(tokenWithoutServer.code, .usage)
        XCTAssertTrue(tokenWithoutServer.error.contains("a token needs a server"), tokenWithoutServer.error)
        let badServer = await home("states", "--server", "ftp://x", "--token-file", "-", input: ["t"])
        XCTAssertEqual(badServer.code, .usage)
    }

    func testATokenIsNeverTakenFromTheCommandLine() async throws {
        let onArgv = await home("states", "--server", "http://127.0.0.1:1", "--token", "secret")
        XCTAssertEqual(onArgv.code, .usage)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        try "t\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = await home("states", "--server", "http://127.0.0.1:1", "--token-file", file.path)
        XCTAssertTrue(fromFile.error.contains("cannot reach Home Assistant"), "the token was read and used: \(fromFile.error)")
        let missing = await home("states", "--server", "http://127.0.0.1:1", "--token-file", "/nonexistent/token")
        XCTAssertEqual(missing.code, .usage)
        XCTAssertTrue(missing.error.contains("--token-file: /nonexistent/token cannot be read"), missing.error)
        let empty = await home("states", "--server", "http://127.0.0.1:1", "--token-file", "-", input: [""])
        XCTAssertEqual(empty.code, .usage)
    }

    func testCallChecksItsArguments() async {
        let notAService = await home("call", "--server", "http://127.0.0.1:1", "--token-file", "-", "turn_on", input: ["t"])
        XCTAssertEqual(notAService.code, .usage)
        XCTAssertTrue(notAService.error.contains("is not DOMAIN.SERVICE"), notAService.error)
        let notAPair = await home("call", "--server", "http://127.0.0.1:1", "--token-file", "-", "light.turn_on", "brightness", input: ["t"])
        XCTAssertEqual(notAPair.code, .usage)
    }

    func testAnUnreachableServerIsAFailure() async {
        let result = await home("states", "--server", "http://127.0.0.1:1", "--token-file", "-", input: ["t"])
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.error.contains("cannot reach Home Assistant"), result.error)
    }
}
