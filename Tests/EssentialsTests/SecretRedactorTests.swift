import Essentials
import EssentialsTestSupport
import XCTest

final class SecretRedactorTests: XCTestCase {
    private let redactor = SecretRedactor()

    func testMasksSecretValuesInJSON() {
        let text = #"{"access_token": "abc.def", "refresh_token":"r1", "webhook_secret": "s3", "user": "ada"}"#
        XCTAssertEqual(
            redactor.redact(text),
            #"{"access_token": "<redacted>", "refresh_token":"<redacted>", "webhook_secret": "<redacted>", "user": "ada"}"#
        )
    }

    func testMasksKeyValueFormsAndHeaders() {
        XCTAssertEqual(redactor.redact("login password=hunter2 user=ada"), "login password=<redacted> user=ada")
        XCTAssertEqual(redactor.redact("GET /auth?code=xyz&state=1"), "GET /auth?code=<redacted>&state=1")
        XCTAssertEqual(redactor.redact("Authorization: Bearer abc123"), "Authorization: <redacted>")
        XCTAssertEqual(redactor.redact("sent Bearer abc123 to server"), "sent Bearer <redacted> to server")
    }

    func testMasksJSONWebTokensAnywhere() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJ4In0.c2lnbmF0dXJl"
        XCTAssertEqual(redactor.redact("token is \(jwt)."), "token is <redacted>.")
    }

    func testMasksLiteralSecretsItWasGiven() {
        XCTAssertEqual(redactor.adding("s3cr3t-value").redact("failed with s3cr3t-value twice"), "failed with <redacted> twice")
    }

    func testLeavesOrdinaryTextAlone() {
        let text = "started design-tokens 1.0.0 in 3 ms"
        XCTAssertEqual(redactor.redact(text), text)
    }

    func testLoggerRedactsAndFiltersByLevel() {
        let recorder = LogRecorder()
        let logger = recorder.logger(label: "auth", level: .info).redacting("very-secret")
        logger.debug("dropped")
        logger.info("password=hunter2")
        logger.error("server rejected very-secret")
        XCTAssertEqual(recorder.lines, ["[info] auth: password=<redacted>", "[error] auth: server rejected <redacted>"])
    }

    func testLogLevelNames() {
        XCTAssertEqual(LogLevel(name: "WARNING"), .warning)
        XCTAssertNil(LogLevel(name: "loud"))
        XCTAssertLessThan(LogLevel.debug, LogLevel.error)
    }
}
