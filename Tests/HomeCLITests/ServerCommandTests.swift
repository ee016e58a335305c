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
        let tokenWithoutServer = await home("states", "--token", "t")
        XCTAssertEqual(tokenWithoutServer.code, .usage)
        XCTAssertTrue(tokenWithoutServer.error.contains("a token needs a server"), tokenWithoutServer.error)
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
