import Auth
import HAModels
import Networking
import XCTest
@testable import HomeAPI

/// Errors from the layers below become Home errors with the right code.
final class HomeErrorTests: XCTestCase {
    func testCodesOfLowerErrors() {
        let cases: [(any Error, HomeErrorCode)] = [
            (AuthError.revoked, .permissionDenied), (AuthError.invalidCredentials, .permissionDenied),
            (AuthError.timedOut(seconds: 1), .deadlineExceeded), (AuthError.transport("down"), .unavailable),
            (AuthError.answerRequired(step: "mfa", fields: ["code"]), .invalidArgument),
            (RESTError.unauthorized, .permissionDenied), (RESTError.notFound("/api/states/x"), .notFound),
            (RESTError.badRequest("bad"), .invalidArgument), (RESTError.transport("down"), .unavailable),
            (HomeAssistantError.notReady(waited: 5), .unavailable), (HomeAssistantError.authenticationFailed("x"), .permissionDenied),
            (HomeAssistantError.server(ServerError(code: "not_found", message: "no")), .notFound),
            (CredentialStoreError(path: "/p", reason: "bad"), .internal),
        ]
        for (error, code) in cases {
            XCTAssertEqual(HomeError(converting: error).code, code, "\(error)")
        }
        XCTAssertTrue(HomeError.meansRevoked(AuthError.revoked))
        XCTAssertFalse(HomeError.meansRevoked(AuthError.invalidCredentials), "a wrong password wipes nothing")
    }

    func testServerFolderKeysAreFileNames() throws {
        XCTAssertEqual(ServerDataFolders.key(for: try ServerAddress("https://Home.example:8123/ha")), "https-home.example-8123_ha")
    }
}
