@testable import WindowBridge
import XCTest

/// What the settings page posts is read strictly: each action with its fields, bounded, and
/// anything else refused with a reason.
final class SettingsActionTests: XCTestCase {
    private func action(_ text: String) throws -> SettingsAction {
        try SettingsAction(json: Array(text.utf8))
    }

    func testEachActionIsReadWithItsFields() throws {
        XCTAssertEqual(try action(#"{"action":"sensor","id":"cpu_use","on":true}"#), .reportSensor(id: "cpu_use", on: true))
        XCTAssertEqual(try action(#"{"action":"sign-out","server":"http://ha.local:8123"}"#), .signOut(server: "http://ha.local:8123"))
        XCTAssertEqual(try action(#"{"action":"default","server":"http://ha.local:8123"}"#), .makeDefault(server: "http://ha.local:8123"))
        XCTAssertEqual(try action(#"{"action":"open","server":"http://ha.local:8123"}"#), .openServer(server: "http://ha.local:8123"))
        XCTAssertEqual(try action(#"{"action":"notification-action","id":7,"button":"OK","text":null}"#), .pressNotificationAction(id: 7, action: "OK", text: nil))
        let signIn = try action(#"{"action":"sign-in","server":"http://ha.local:8123","username":"me","password":"hunter2"}"#)
        XCTAssertEqual(signIn, .signIn(SignInRequest(server: "http://ha.local:8123", username: "me", password: "hunter2")))
        XCTAssertFalse("\(signIn)".contains("hunter2"), "the password is never printed: \(signIn)")
        XCTAssertFalse(String(reflecting: signIn).contains("hunter2"))
        XCTAssertEqual(try action(#"{"action":"notification-action","id":7,"button":"REPLY","text":"on my way"}"#), .pressNotificationAction(id: 7, action: "REPLY", text: "on my way"))
        XCTAssertEqual(try action(#"{"action":"autostart","item":"tray","on":false}"#), .autostart(item: "tray", on: false))
        XCTAssertEqual(try action(#"{"action":"pin","entity":"light.kitchen"}"#), .pin(entity: "light.kitchen", on: true))
        XCTAssertEqual(try action(#"{"action":"unpin","entity":"light.kitchen"}"#), .pin(entity: "light.kitchen", on: false))
        XCTAssertEqual(try action(#"{"action":"sign-in-browser","server":"http://ha.local:8123"}"#), .signInWithBrowser(server: "http://ha.local:8123"))
        XCTAssertEqual(try action(#"{"action":"switch","section":"controls","id":"lock_screen","on":true}"#), .setSwitch(section: "controls", id: "lock_screen", on: true))
    }

    func testTruncatedMalformedAndOversizedRequestsAreRefusedWithAReason() {
        let refused: [(String, String)] = [
            (#"{"action":"default","server":"http"#, "not a JSON object"),
            ("[]", "not a JSON object"),
            (#"{"action":"reboot"}"#, "an unknown settings request"),
            (#"{"action":"default"}"#, "a default-server request needs a server"),
            (#"{"action":"default","server":""}"#, "a default-server request needs a server"),
            (#"{"action":"sign-out","server":3}"#, "a sign-out request needs a server"),
            (#"{"action":"open","server":null}"#, "an open-server request needs a server"),
            (#"{"action":"notification-action","id":0,"button":"OK"}"#, "needs a notification id and a button"),
            (#"{"action":"sign-in","server":"http://ha.local:8123","username":"me"}"#, "a sign-in request needs a user name and a password"),
            (#"{"action":"sign-in","server":"http://ha.local:8123","username":"","password":"x"}"#, "a sign-in request needs a user name and a password"),
            (#"{"action":"sign-in","username":"me","password":"x"}"#, "a sign-in request needs a server"),
            (#"{"action":"notification-action","id":"7","button":"OK"}"#, "needs a notification id and a button"),
            (#"{"action":"notification-action","id":7}"#, "needs a notification id and a button"),
            (#"{"action":"notification-action","id":7,"button":"OK","text":5}"#, "a notification reply is text of at most 2 KiB"),
            (#"{"action":"notification-action","id":7,"button":"OK","text":"\#(String(repeating: "r", count: 2_049))"}"#, "a notification reply is text of at most 2 KiB"),
            (#"{"action":"default","server":"\#(String(repeating: "h", count: 2_049))"}"#, "a default-server request needs a server"),
            (#"{"action":"sensor","id":"cpu","on":"yes"}"#, "needs an id and on: true or false"),
            (#"{"action":"autostart","item":"firefox","on":true}"#, "an autostart request needs an item (agent or tray)"),
            (#"{"action":"autostart","item":"agent"}"#, "an autostart request needs an item (agent or tray)"),
            (#"{"action":"pin"}"#, "a pin request needs an entity"),
            (#"{"action":"sign-in-browser"}"#, "a sign-in request needs a server"),
            (#"{"action":"switch","section":"plugins","id":"mqtt"}"#, "a switch request needs a section, an id and on: true or false"),
            (#"{"action":"switch","section":"","id":"mqtt","on":false}"#, "a switch request needs a section"),
            (#"{"action":"switch","section":"plugins","id":"\#(String(repeating: "p", count: 257))","on":false}"#, "a switch request needs a section"),
            (#"{"action":"unpin","entity":"\#(String(repeating: "e", count: 256))"}"#, "a pin request needs an entity"),
            (#"{"action":"default","server":"\#(String(repeating: "h", count: 5_000))"}"#, "a settings request of"),
        ]
        for (text, reason) in refused {
            XCTAssertThrowsError(try action(text), String(text.prefix(60))) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(error) for \(text.prefix(60))")
            }
        }
    }
}
