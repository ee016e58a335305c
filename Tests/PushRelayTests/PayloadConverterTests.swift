import Essentials
import Foundation
import PushRelay
import XCTest

/// Golden tests: every `Golden/NAME.input.json` (Home Assistant's message, title and data)
/// converts to `Golden/NAME.expected.json`; and bad data is refused naming the key.
final class PayloadConverterTests: XCTestCase {
    private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    private func notification(_ json: String) throws -> HomeAssistantNotification {
        let body = #"{"push_token":"t","registration_info":{"app_id":"a","app_version":"1"},"#
        let object = try JSONParser.parse(json).objectValue ?? [:]
        let fields = try object.map { "\(try JSONSerializer.string(.string($0.key))):\(try JSONSerializer.string($0.value))" }.joined(separator: ",")
        return try PushSendRequest(body: Array((body + fields + "}").utf8)).notification
    }

    func testEveryGoldenPair() throws {
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".input.json") }.sorted()
        XCTAssertGreaterThanOrEqual(inputs.count, 16)
        for input in inputs {
            let name = String(input.dropLast(".input.json".count))
            let source = try String(contentsOf: folder.appendingPathComponent(input), encoding: .utf8)
            let expected = try JSONParser.parse(String(contentsOf: folder.appendingPathComponent(name + ".expected.json"), encoding: .utf8))
            XCTAssertEqual(try PayloadConverter.convert(try notification(source)), expected, name)
        }
    }

    func testBadDataIsRefusedNamingTheKey() throws {
        let cases = [
            (#"{"message":"m","data":{"tag":5}}"#, "data.tag must be a string"),
            (#"{"message":"m","data":{"actions":"DISARM"}}"#, "data.actions must be a list of objects with an action"),
            (#"{"message":"m","data":{"actions":[{"title":"x"}]}}"#, "data.actions must be a list of objects with an action"),
            (#"{"message":"m","data":{"image":"/a","video":"/b"}}"#, "data may carry one of image, video and audio"),
            (#"{"message":"m","data":{"push":[]}}"#, "data.push must be an object"),
            (#"{"message":"m","data":{"sound":3}}"#, "data.sound must be a name or an object"),
            (#"{"message":"m","data":{"video":7,"sound":3,"push":[],"tag":5}}"#, "data.tag must be a string"),
            (#"{"message":"m","data":{"video":7,"sound":3,"push":[]}}"#, "data.sound must be a name or an object"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try PayloadConverter.convert(try notification(json)), json) { error in
                XCTAssertEqual((error as? RelayRequestError)?.message, message)
            }
        }
    }
}
