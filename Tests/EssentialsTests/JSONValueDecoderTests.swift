import Essentials
import Foundation
import HAModels
import XCTest

final class JSONValueDecoderTests: XCTestCase {
    private func states(_ text: String) throws -> [EntityState] {
        try JSONValueDecoder().decode([EntityState].self, from: Array(text.utf8))
    }

    private let valid = #"{"entity_id":"light.a","state":"on","attributes":{"b":1.0},"last_changed":"2024-03-20T10:11:12.5+00:00","last_updated":"2024-03-20T10:11:12Z","context":{"id":"c","parent_id":null,"user_id":null}}"#

    func testAttributesStayLossless() throws {
        let state = try XCTUnwrap(states("[\(valid)]").first)
        XCTAssertEqual(state.attributes["b"], .double(1.0))
        let encoded = try JSONSerializer.string(JSONValueEncoder().encodeValue(state))
        XCTAssertTrue(encoded.contains(#""attributes":{"b":1.0}"#), encoded)
        XCTAssertTrue(encoded.contains(#""last_changed":"2024-03-20T10:11:12.500000+00:00""#), encoded)
        XCTAssertTrue(encoded.contains(#""last_updated":"2024-03-20T10:11:12+00:00""#), encoded)
    }

    func testAWrongTypeNamesThePathOfTheField() throws {
        let wrong = valid.replacingOccurrences(of: #""state":"on""#, with: #""state":5"#)
        XCTAssertThrowsError(try states("[\(valid),\(wrong)]")) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.path, "[1].state")
            XCTAssertEqual((error as? JSONDecodingError)?.reason, "expected a string, found an integer")
        }
    }

    func testAMissingFieldNamesItsPath() throws {
        let partial = valid.replacingOccurrences(of: #","context":{"id":"c","parent_id":null,"user_id":null}"#, with: "")
        XCTAssertThrowsError(try states("[\(partial)]")) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.path, "[0].context")
            XCTAssertEqual((error as? JSONDecodingError)?.reason, "required field is missing")
        }
    }

    func testABadTimestampNamesItsPath() throws {
        let bad = valid.replacingOccurrences(of: "2024-03-20T10:11:12Z", with: "yesterday")
        XCTAssertThrowsError(try states("[\(bad)]")) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.path, "[0].last_updated")
        }
    }

    func testTruncatedJSONIsADecodingErrorWithThePath() throws {
        let truncated = valid.components(separatedBy: "1.0")[0] + "1."
        XCTAssertThrowsError(try states("[\(truncated)")) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.path, "[0].attributes.b")
            XCTAssertTrue((error as? JSONDecodingError)?.reason.hasPrefix("malformed JSON at byte") ?? false, "\(error)")
        }
    }

    func testIntegersAreCheckedForRange() throws {
        XCTAssertThrowsError(try JSONValueDecoder().decode([UInt8].self, from: Array("[1, 300]".utf8))) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.path, "[1]")
        }
        XCTAssertThrowsError(try JSONValueDecoder().decode(Int.self, from: Array("1.5".utf8)))
        XCTAssertEqual(try JSONValueDecoder().decode(Double.self, from: Array("2".utf8)), 2)
    }

    func testUnknownMessageTypeListsTheKnownOnes() throws {
        XCTAssertThrowsError(try JSONValueDecoder().decode(ServerMessage.self, from: Array(#"{"type":"surprise"}"#.utf8))) { error in
            XCTAssertEqual((error as? JSONDecodingError)?.path, "type")
            XCTAssertTrue("\(error)".contains("known: auth_required"), "\(error)")
        }
    }

    func testClientMessagesAreWrittenFlat() throws {
        let command = ClientMessage.command(id: 7, type: "call_service", fields: [
            "domain": .string("light"), "service": .string("turn_on"), "target": .object(["entity_id": .string("light.a")]),
        ])
        XCTAssertEqual(
            try JSONSerializer.string(JSONValueEncoder().encodeValue(command)),
            #"{"domain":"light","id":7,"service":"turn_on","target":{"entity_id":"light.a"},"type":"call_service"}"#
        )
        XCTAssertEqual(
            try JSONSerializer.string(JSONValueEncoder().encodeValue(ClientMessage.auth(accessToken: "t"))),
            #"{"access_token":"t","type":"auth"}"#
        )
    }
}
