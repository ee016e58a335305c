import Essentials
import XCTest
@testable import Auth

/// Reading the login flow's answers as Home Assistant sends them, and refusing bad ones.
final class LoginFlowStepTests: XCTestCase {
    private func step(_ status: Int, _ json: String) throws -> LoginFlowStep {
        try LoginFlowClient.step((status, try JSONParser.parse(json)))
    }

    func testAFormWithItsFieldsAndErrors() throws {
        let form = try step(200, """
            {"type":"form","flow_id":"f1","handler":["homeassistant",null],"step_id":"mfa",
             "data_schema":[{"name":"code","type":"string"}],"errors":{"base":"invalid_code"}}
            """)
        XCTAssertEqual(form, .form(LoginForm(flowID: "f1", stepID: "mfa", fields: ["code"], errors: ["base": "invalid_code"])))
    }

    func testACreatedEntryGivesTheCode() throws {
        XCTAssertEqual(try step(200, #"{"type":"create_entry","result":"abc","flow_id":"f"}"#), .code("abc"))
    }

    func testAbortsAndStatusesAreClearErrors() {
        XCTAssertThrowsError(try step(200, #"{"type":"abort","reason":"too_many_retry"}"#)) { error in
            XCTAssertEqual(error as? AuthError, .flowAborted(reason: "too_many_retry"))
            XCTAssertTrue("\(error)".contains("too many wrong codes"), "\(error)")
        }
        XCTAssertThrowsError(try step(403, "{}")) { XCTAssertEqual($0 as? AuthError, .tooManyAttempts) }
        XCTAssertThrowsError(try step(400, #"{"message":"invalid client id or redirect uri"}"#)) { error in
            XCTAssertEqual(error as? AuthError, .invalidClient("invalid client id or redirect uri"))
        }
        XCTAssertThrowsError(try step(500, #"{"message":"boom"}"#)) { XCTAssertEqual($0 as? AuthError, .server(status: 500, message: "boom")) }
    }

    func testMalformedAnswersAreRefused() {
        for json in [
            #"{"type":"form","step_id":"init","data_schema":[]}"#, #"{"type":"form","flow_id":"f","step_id":"init"}"#,
            #"{"type":"create_entry"}"#, #"{"type":"progress"}"#, #"[]"#, "null",
        ] {
            XCTAssertThrowsError(try step(200, json), json) { error in
                guard case .invalidResponse? = error as? AuthError else { return XCTFail("\(error) for \(json)") }
            }
        }
    }

    func testPasswordAnswersAskForAFurtherStepAndNeverPrintThePassword() async throws {
        let answers = PasswordAnswers(username: "me", password: "hunter2")
        let first = try await answers.answers(to: LoginForm(flowID: "f", stepID: "init", fields: ["username", "password"], errors: [:]))
        XCTAssertEqual(first, ["username": "me", "password": "hunter2"])
        do {
            _ = try await answers.answers(to: LoginForm(flowID: "f", stepID: "mfa", fields: ["code"], errors: [:]))
            XCTFail("a code step was assumed away")
        } catch AuthError.answerRequired(let step, let fields) {
            XCTAssertEqual(step, "mfa")
            XCTAssertEqual(fields, ["code"])
        }
        let withCode = PasswordAnswers(username: "me", password: "hunter2") { form in ["code": "123456 for \(form.stepID)"] }
        let code = try await withCode.answers(to: LoginForm(flowID: "f", stepID: "mfa", fields: ["code"], errors: [:]))
        XCTAssertEqual(code, ["code": "123456 for mfa"])
        XCTAssertFalse("\(answers)".contains("hunter2"))
        XCTAssertFalse(String(reflecting: answers).contains("hunter2"))
    }

    func testFormEncodingEscapesEverythingButUnreserved() {
        XCTAssertEqual(FormEncoding.encode([("a b", "x&y=z/é~._-")]), "a%20b=x%26y%3Dz%2F%C3%A9~._-")
    }
}
