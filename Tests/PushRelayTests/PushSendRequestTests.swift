import PushRelay
import XCTest

/// `POST /push/send` bodies: Home Assistant's shape accepted; truncated, oversized and malformed ones refused with 400.
final class PushSendRequestTests: XCTestCase {
    private func parse(_ json: String) throws -> PushSendRequest {
        try PushSendRequest(body: Array(json.utf8))
    }

    func testHomeAssistantsBody() throws {
        let request = try parse("""
            {"message":"Hello","title":"Hi","data":{"tag":"t"},"push_token":"tok",
             "registration_info":{"app_id":"io.homecompanion.linux","app_version":"0.1.0","os_version":"12","webhook_id":"w"}}
            """)
        XCTAssertEqual(request.pushToken, "tok")
        XCTAssertEqual(request.appID, "io.homecompanion.linux")
        XCTAssertEqual(request.osVersion, "12")
        XCTAssertEqual(request.webhookID, "w")
        XCTAssertEqual(request.notification, .plain(message: "Hello", title: "Hi", data: ["tag": .string("t")]))
    }

    func testBadBodiesNameTheProblem() {
        let registration = #""registration_info":{"app_id":"a","app_version":"1"}"#
        let cases = [
            (#"{"push_token":"t","#, "the body is not valid JSON"),
            ("[]", "the body must be a JSON object"),
            (#"{"registration_info":{"app_id":"a","app_version":"1"},"message":"m"}"#, "push_token is missing"),
            (#"{"push_token":"","# + registration + #","message":"m"}"#, "push_token is empty"),
            (#"{"push_token":"\#(String(repeating: "x", count: 5000))","# + registration + #","message":"m"}"#, "push_token is longer than 4096 bytes"),
            (#"{"push_token":"\#(String(repeating: "é", count: 2049))","# + registration + #","message":"m"}"#, "push_token is longer than 4096 bytes"),
            (#"{"push_token":"victim\u0000x","# + registration + #","message":"m"}"#, "push_token contains a control character"),
            (#"{"push_token":"a\r\nb","# + registration + #","message":"m"}"#, "push_token contains a control character"),
            (#"{"push_token":7,"# + registration + #","message":"m"}"#, "push_token is missing or not a string"),
            (#"{"push_token":"t","message":"m"}"#, "registration_info is missing"),
            (#"{"push_token":"t","registration_info":{"app_version":"1"},"message":"m"}"#, "registration_info.app_id"),
            (#"{"push_token":"t","registration_info":{"app_id":"a","app_version":"1","os_version":12},"message":"m"}"#, "registration_info.os_version must be a string"),
            (#"{"push_token":"t","# + registration + "}", "message is missing"),
            (#"{"push_token":"t","# + registration + #","message":"m","data":[]}"#, "data must be an object"),
            (#"{"push_token":"t","# + registration + #","encrypted":true}"#, "encrypted is true but encrypted_data is missing"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try parse(json), json) { error in
                let relayError = error as? RelayRequestError
                XCTAssertEqual(relayError?.status, 400)
                XCTAssertTrue(relayError?.message.hasPrefix(message) ?? false, "\(String(describing: relayError)) for \(json.prefix(80))")
            }
        }
    }
}
