import Essentials
import XCTest
@testable import PushRelay

/// The common send body read straight from its bytes gives what the full parse gives (token, app,
/// the stream's bytes), and gives up on every body it does not read that way, so the full parse
/// answers (and refuses) those.
final class StreamedPushBodyTests: XCTestCase {
    private let token = "hcp_0123456789abcdef0123456789abcdef"

    /// What the full parse makes of `body`: the token, the app and the stream's bytes, or its refusal.
    private func parsedWhole(_ body: String) -> Result<(String, String, [UInt8]), RelayRequestError> {
        do {
            let push = try PushSendRequest(body: Array(body.utf8))
            return .success((push.pushToken, push.appID, try PayloadConverter.streamedBytes(push.notification)))
        } catch let error as RelayRequestError {
            return .failure(error)
        } catch {
            return .failure(RelayRequestError(500, "\(error)"))
        }
    }

    /// Reads `body` both ways: nil when the bytes were not read directly; fails when the two differ.
    @discardableResult
    private func readBothWays(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> StreamedPushBody? {
        let plain = StreamedPushBody(Array(body.utf8))
        guard let plain else { return nil }
        switch parsedWhole(body) {
        case .success(let (token, appID, bytes)):
            XCTAssertEqual(plain.pushToken, token, body, file: file, line: line)
            XCTAssertEqual(plain.appID, appID, body, file: file, line: line)
            XCTAssertEqual(String(decoding: plain.payload, as: UTF8.self), String(decoding: bytes, as: UTF8.self), body, file: file, line: line)
        case .failure(let refusal):
            XCTFail("read from its bytes, refused whole (\(refusal)): \(body)", file: file, line: line)
        }
        return plain
    }

    func testHomeAssistantsBodyGivesTheSamePayloadBothWays() throws {
        let body = """
        {"push_token":"\(token)","registration_info":{"app_id":"io.homecompanion.linux","app_version":"0.1.0","os_version":"12"},\
        "message":"Benchmark 1","title":"wrk","data":{"tag":"t"}}
        """
        let plain = try XCTUnwrap(readBothWays(body))
        XCTAssertEqual(String(decoding: plain.payload, as: UTF8.self), #"{"body":"Benchmark 1","collapse_id":"t","title":"wrk","type":"notification"}"#)
        let everyField = """
        { "message" : "Front door opened", "title": null, "push_token": "\(token)",
          "registration_info": {"webhook_id": "abc", "app_version": "2024.3", "app_id": "io.homecompanion.linux", "os_version": null},
          "data": {"url": "/lovelace/doors", "group": "doors", "entity_id": "binary_sensor.front_door", "subtitle": "Hall", "tag": "door"} }
        """
        XCTAssertNotNil(readBothWays(everyField))
        XCTAssertNotNil(readBothWays(#"{"push_token":"\#(token)","registration_info":{"app_id":"a","app_version":""},"message":"","data":null}"#))
    }

    func testBodiesItDoesNotReadAreLeftToTheFullParse() {
        let registration = #""registration_info":{"app_id":"io.homecompanion.linux","app_version":"1"}"#
        let refused = [
            #"{"push_token":"\#(token)",\#(registration),"message":"clear_notification"}"#,  // a command
            #"{"push_token":"\#(token)",\#(registration),"message":"command_volume_level"}"#,
            #"{"push_token":"\#(token)",\#(registration),"message":"a \"quoted\" word"}"#,  // an escape
            #"{"push_token":"\#(token)",\#(registration),"message":"caf\#u{E9}"}"#,  // not ASCII
            #"{"push_token":"\#(token)",\#(registration),"message":"one","message":"two"}"#,  // a key twice
            #"{"push_token":"\#(token)",\#(registration),"message":"hi","data":{"actions":[]}}"#,  // a key with more than a string
            #"{"push_token":"\#(token)",\#(registration),"message":"hi","data":{"tag":1}}"#,
            #"{"push_token":"\#(token)",\#(registration),"message":"hi","encrypted":false}"#,  // another key
            #"{"push_token":"\#(token)",\#(registration),"message":"hi"} trailing"#,  // bytes after the object
            #"{"push_token":"\#(token)",\#(registration),"message":"hi""#,  // truncated
            #"{"push_token":"",\#(registration),"message":"hi"}"#,  // an empty token
            #"{"push_token":"\#(String(repeating: "x", count: PushTokenRules.maximumBytes + 1))",\#(registration),"message":"hi"}"#,
            #"{"push_token":"\#(token)","registration_info":{"app_id":"","app_version":"1"},"message":"hi"}"#,
            #"{"push_token":"\#(token)","registration_info":{"app_id":"a"},"message":"hi"}"#,
            #"{"push_token":"\#(token)",\#(registration)}"#,  // no message
            "", "{", "[]", "null",
        ]
        for body in refused {
            XCTAssertNil(StreamedPushBody(Array(body.utf8)), body)
        }
    }

    /// Random bodies of the shapes a sender might write, right and wrong: whenever the bytes are
    /// read directly, the full parse accepts the body and gives the same, and it reads most of the
    /// plain ones (so the comparison is not empty).
    func testRandomBodiesGiveTheSameBothWaysOrAreLeftToTheFullParse() {
        var generator = SystemRandomNumberGenerator()
        var readDirectly = 0
        for _ in 0..<4_000 {
            let body = randomBody(&generator)
            if readBothWays(body) != nil { readDirectly += 1 }
        }
        // About one in ten of these bodies is plain enough (every random choice must fall right).
        XCTAssertGreaterThan(readDirectly, 200, "the direct reading took too few bodies to compare")
    }

    private func below(_ random: inout SystemRandomNumberGenerator, _ bound: Int) -> Int {
        Int.random(in: 0..<max(1, bound), using: &random)
    }

    private func randomBody(_ random: inout SystemRandomNumberGenerator) -> String {
        let texts = ["Benchmark 7", "", "hi there", "a \\\"quote\\\"", "tab\\there", "caf\u{E9}", "clear_badge", "command_dnd", "x/y", "\u{7F}", "42"]
        func text(_ random: inout SystemRandomNumberGenerator) -> String { "\"" + texts[below(&random, texts.count)] + "\"" }
        func value(_ random: inout SystemRandomNumberGenerator) -> String {
            switch below(&random, 10) {
            case 0: return "null"
            case 1: return String(below(&random, 100))
            case 2: return "[]"
            case 3: return "{}"
            default: return text(&random)
            }
        }
        func object(_ members: [(String, String)], _ random: inout SystemRandomNumberGenerator) -> String {
            var shuffled = members
            for index in shuffled.indices.reversed() where index > 0 { shuffled.swapAt(index, below(&random, index + 1)) }
            let space = below(&random, 4) == 0 ? " " : ""
            return "{" + space + shuffled.map { "\"\($0.0)\":\(space)\($0.1)" }.joined(separator: "," + space) + space + "}"
        }
        func maybe(_ random: inout SystemRandomNumberGenerator, _ odds: Int, _ member: (String, String)) -> [(String, String)] {
            below(&random, odds) == 0 ? [] : [member]
        }
        var registration = maybe(&random, 20, ("app_id", below(&random, 15) == 0 ? value(&random) : "\"io.homecompanion.linux\""))
        registration += maybe(&random, 20, ("app_version", below(&random, 15) == 0 ? value(&random) : "\"1.0\""))
        registration += maybe(&random, 2, ("os_version", below(&random, 3) == 0 ? value(&random) : "\"12\""))
        registration += maybe(&random, 2, ("webhook_id", below(&random, 3) == 0 ? value(&random) : "\"abc\""))
        if below(&random, 20) == 0 { registration.append(("extra", value(&random))) }
        var data: [(String, String)] = []
        for key in ["tag", "group", "url", "subtitle", "entity_id", "push", "image", "other"] where below(&random, 3) == 0 {
            data.append((key, below(&random, 4) == 0 ? value(&random) : text(&random)))
        }
        var members = maybe(&random, 20, ("push_token", below(&random, 15) == 0 ? value(&random) : "\"\(token)\""))
        members += maybe(&random, 20, ("registration_info", below(&random, 20) == 0 ? value(&random) : object(registration, &random)))
        members += maybe(&random, 20, ("message", below(&random, 3) == 0 ? value(&random) : "\"Front door \(below(&random, 1_000))\""))
        members += maybe(&random, 2, ("title", value(&random)))
        members += maybe(&random, 3, ("data", below(&random, 10) == 0 ? value(&random) : object(data, &random)))
        if below(&random, 15) == 0, let first = members.first { members.append(first) }
        if below(&random, 20) == 0 { members.append(("encrypted", below(&random, 2) == 0 ? "true" : "false")) }
        var body = object(members, &random)
        if below(&random, 30) == 0 { body = String(body.prefix(below(&random, body.count + 1))) }
        return body
    }
}
