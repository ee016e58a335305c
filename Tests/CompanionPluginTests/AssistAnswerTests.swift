@testable import AssistPlugin
import Essentials
import XCTest

/// What `home assist` takes from a conversation result, whatever shape the server sends.
final class AssistAnswerTests: XCTestCase {
    private func answer(_ text: String) throws -> AssistAnswer {
        AssistAnswer(try JSONParser.parse(text))
    }

    func testASuccessfulAnswerGivesItsSpeechAndConversation() throws {
        let reply = try answer(#"{"response": {"response_type": "action_done", "speech": {"plain": {"speech": "Turned on the light"}}, "data": {"failed": []}}, "conversation_id": "01HT"}"#)
        XCTAssertEqual(reply.speech, "Turned on the light")
        XCTAssertEqual(reply.conversationID, "01HT")
        XCTAssertFalse(reply.failed)
    }

    func testAnErrorOrAFailedTargetIsAFailure() throws {
        XCTAssertTrue(try answer(#"{"response": {"response_type": "error", "speech": {"plain": {"speech": "Sorry"}}}}"#).failed)
        XCTAssertTrue(try answer(#"{"response": {"response_type": "action_done", "data": {"failed": [{"id": "light.x"}]}}}"#).failed)
    }

    func testMalformedAnswersGiveNothingRatherThanFailing() throws {
        for text in [#"[]"#, #""text""#, #"{}"#, #"{"response": 3}"#, #"{"response": {"speech": {"plain": {"speech": 7}}}, "conversation_id": 5}"#] {
            let reply = try answer(text)
            XCTAssertNil(reply.speech, text)
            XCTAssertNil(reply.conversationID, text)
            XCTAssertFalse(reply.failed, text)
        }
    }
}
