import Agent
import XCTest

/// Which relay URLs would carry the stream secret across a network in clear text.
final class RelayCredentialsTests: XCTestCase {
    func testPlainHTTPIsCleartextOnlyToAnotherMachine() {
        for url in ["http://relay.example/push/send", "http://192.0.2.1:8080/push/send", "HTTP://relay.example/push/send",
                    "http://127.example/push/send", "http://[2001:db8::1]/push/send", "http://127.0.0.1.example/push/send"] {
            XCTAssertTrue(RelayCredentials.isCleartextToAnotherMachine(url), url)
        }
        for url in ["https://relay.example/push/send", "http://127.0.0.1:8080/push/send", "http://127.1.2.3/push/send",
                    "http://localhost:8080/push/send", "http://[::1]:8080/push/send"] {
            XCTAssertFalse(RelayCredentials.isCleartextToAnotherMachine(url), url)
        }
    }
}
