@testable import AssistPlugin
import Essentials
import XCTest

/// The answer of an Assist pipeline run, read from its events.
final class AssistPipelineRunTests: XCTestCase {
    private func answer(_ text: String) throws -> JSONValue? {
        try AssistPipelineRun.answer(in: try JSONParser.parse(text))
    }

    func testTheIntentOutputIsTheAnswerAndOtherEventsAreSkipped() throws {
        XCTAssertNil(try answer(#"{"type": "run-start", "data": {"pipeline": "p"}}"#))
        XCTAssertNil(try answer(#"{"type": "intent-start"}"#))
        XCTAssertNil(try answer(#"[]"#))
        XCTAssertNil(try answer(#"{"type": 3}"#))
        XCTAssertEqual(try answer(#"{"type": "intent-end", "data": {"intent_output": {"conversation_id": "c"}}}"#), .object(["conversation_id": .string("c")]))
    }

    func testAnErrorAnEndWithoutIntentAndAnEmptyIntentAreErrors() {
        XCTAssertThrowsError(try answer(#"{"type": "error", "data": {"code": "intent-failed", "message": "no agent"}}"#)) { error in
            XCTAssertEqual("\(error)", "the pipeline failed: no agent (intent-failed)")
        }
        XCTAssertThrowsError(try answer(#"{"type": "error"}"#)) { error in XCTAssertEqual("\(error)", "the pipeline failed: no message (no code)") }
        XCTAssertThrowsError(try answer(#"{"type": "run-end"}"#))
        XCTAssertThrowsError(try answer(#"{"type": "intent-end", "data": {}}"#))
    }
}
