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
            XCTAssertEqual(try PayloadConverter.streamedBytes(try notification(source)), try JSONSerializer.data(expected), name)
        }
    }

    /// The bytes a stream delivers, written straight from the fields, are what the serializer
    /// writes of the converted value, and a refusal is the same refusal (a number JSON cannot
    /// express included): on random notifications made of the keys with a meaning (each of a
    /// right or a wrong kind) and others.
    func testStreamedBytesAreTheSerializedPayload() throws {
        var random = SystemRandomNumberGenerator()
        let keys = ["tag", "group", "url", "subtitle", "entity_id", "sound", "push", "actions", "image", "video", "audio", "other", "zeta", "Ü"]
        let values: [JSONValue] = [
            .string("x"), .string(""), .string("é\"\n"), .integer(5), .double(1e5), .bool(true), .null, .array([]),
            .array([.object(["action": .string("A"), "title": .string("t")])]), .array([.object(["title": .string("t")])]),
            .object([:]), .object(["name": .string("s"), "critical": .integer(1)]), .double(.infinity),
        ]
        for round in 0..<3_000 {
            var data: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) { data[keys.randomElement(using: &random) ?? "tag"] = values.randomElement(using: &random) }
            let title: String? = Bool.random(using: &random) ? "T\(round)" : nil
            let message = ["m", "clear_badge", "command_x", "hello \"you\""].randomElement(using: &random) ?? "m"
            let notification = HomeAssistantNotification.plain(message: message, title: title, data: data)
            switch (Result { try JSONSerializer.data(PayloadConverter.convert(notification)) }, Result { try PayloadConverter.streamedBytes(notification) }) {
            case (.success(let expected), .success(let written)): XCTAssertEqual(written, expected, "\(notification)")
            case (.failure(let expected), .failure(let refused)):
                XCTAssertEqual("\(refused)", "\(expected)", "\(notification)")
            default: XCTFail("one way refused, the other did not: \(notification)")
            }
        }
        let sealed = HomeAssistantNotification.encrypted("abc")
        XCTAssertEqual(try PayloadConverter.streamedBytes(sealed), try JSONSerializer.data(PayloadConverter.convert(sealed)))
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
