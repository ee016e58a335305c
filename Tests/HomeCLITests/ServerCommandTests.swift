import Foundation
import XCTest

/// The commands that talk to a server refuse to run without one, or with bad arguments.
final class ServerCommandTests: HomeCLITestCase {
    func testMissingServerOrTokenIsAUsageError() async {
        let noServer = await home("states")
        XCTAssertEqual(noServer.code, .usage)
        XCTAssertTrue(noServer.error.contains("give --server URL or set HOME_SERVER"), noServer.error)
        let noToken = await home("watch", "--server", "http://127.0.0.1:1")
        XCTAssertEqual(noToken.code, .usage)
        XCTAssertTrue(noToken.error.contains("give --token TOKEN or set HOME_TOKEN"), noToken.error)
        let badServer = await home("states", "--server", "ftp://x", "--token", "t")
        XCTAssertEqual(badServer.code, .usage)
    }

    func testCallChecksItsArguments() async {
        let notAService = await home("call", "--server", "http://127.0.0.1:1", "--token", "t", "turn_on")
        XCTAssertEqual(notAService.code, .usage)
        XCTAssertTrue(notAService.error.contains("is not DOMAIN.SERVICE"), notAService.error)
        let notAPair = await home("call", "--server", "http://127.0.0.1:1", "--token", "t", "light.turn_on", "brightness")
        XCTAssertEqual(notAPair.code, .usage)
    }

    func testAnUnreachableServerIsAFailure() async {
        let result = await home("states", "--server", "http://127.0.0.1:1", "--token", "t")
        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.error.contains("cannot reach Home Assistant"), result.error)
    }
}
