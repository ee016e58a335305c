@testable import WindowBridge
import Essentials
import HADesignTokens
import HAModels
import XCTest

/// The page's messages are read strictly: a callback must be a plain function name, sizes are
/// bounded, and malformed or truncated JSON is refused with a reason.
final class BridgeMessageTests: XCTestCase {
    func testAnAuthRequestNamesItsCallbackAndForce() throws {
        XCTAssertEqual(try ExternalAuthRequest(json: #"{"callback":"externalAuthSetToken"}"#).callback, "externalAuthSetToken")
        XCTAssertFalse(try ExternalAuthRequest(json: #"{"callback":"externalAuthSetToken"}"#).force)
        XCTAssertTrue(try ExternalAuthRequest(json: #"{"callback":"externalAuthSetToken","force":true}"#).force)
    }

    func testACallbackThatIsNotAPlainNameIsRefused() {
        for callback in ["alert(1)", "a.b", "1abc", "", "x;y", String(repeating: "a", count: 65), "é"] {
            XCTAssertThrowsError(try ExternalAuthRequest(json: #"{"callback":"\#(callback)"}"#), callback)
        }
    }

    func testTruncatedMalformedAndOversizedMessagesAreRefused() {
        for text in [#"{"callback":"externalAuthSet"#, "[]", "null", "", #"{"callback": 3}"#] {
            XCTAssertThrowsError(try ExternalAuthRequest(json: text), text)
        }
        XCTAssertThrowsError(try ExternalAuthRequest(json: #"{"callback":"a","pad":""# + String(repeating: "x", count: 5_000) + #""}"#))
        for text in [#"{"id":1"#, #"{"id":1}"#, #"{"type":""}"#, "\"config/get\"", #"{"type":"\#(String(repeating: "t", count: 200))"}"#] {
            XCTAssertThrowsError(try ExternalBusMessage(json: text), text)
        }
        XCTAssertThrowsError(try ExternalBusMessage(json: #"{"type":"x","payload":""# + String(repeating: "x", count: 300_000) + #""}"#))
    }

    func testABusMessageKeepsItsIdTypeAndPayload() throws {
        let message = try ExternalBusMessage(json: #"{"type":"connection-status","id":4,"payload":{"event":"connected"}}"#)
        XCTAssertEqual(message.id, 4)
        XCTAssertEqual(message.type, "connection-status")
        XCTAssertEqual(message.payload, .object(["event": .string("connected")]))
        XCTAssertNil(try ExternalBusMessage(json: #"{"type":"theme-update"}"#).id)
    }

    func testAnOriginIsSchemeHostAndPortAsTheBrowserWritesIt() throws {
        let origin = try XCTUnwrap(ServerOrigin(try XCTUnwrap(URL(string: "http://127.0.0.1:8123/lovelace"))))
        XCTAssertEqual(origin.description, "http://127.0.0.1:8123")
        XCTAssertTrue(origin.contains("http://127.0.0.1:8123/config?x=1"))
        XCTAssertFalse(origin.contains("http://localhost:8123/"))
        XCTAssertFalse(origin.contains("https://127.0.0.1:8123/"))
        XCTAssertFalse(origin.contains("http://127.0.0.1:8124/"))
        XCTAssertEqual(ServerOrigin(try XCTUnwrap(URL(string: "https://Home.Example:443/")))?.description, "https://home.example")
        XCTAssertNil(ServerOrigin(try XCTUnwrap(URL(string: "file:///etc/passwd"))))
    }

    func testThemeColoursAreParsedNotPasted() {
        XCTAssertEqual(RGBColor(css: "#03a9f4"), RGBColor(red: 3, green: 169, blue: 244))
        XCTAssertEqual(RGBColor(css: " #FFF "), RGBColor(red: 255, green: 255, blue: 255))
        XCTAssertEqual(RGBColor(css: "rgb(17, 17, 17)"), RGBColor(red: 17, green: 17, blue: 17))
        for text in ["red; } * { display: none", "#12345", "rgb(1,2)", "rgb(300,0,0)", "url(x)"] {
            XCTAssertNil(RGBColor(css: text), text)
        }
        XCTAssertLessThan(RGBColor(red: 17, green: 17, blue: 17).luminance, 0.5)
        XCTAssertGreaterThan(RGBColor(red: 250, green: 250, blue: 250).luminance, 0.5)
    }
}
