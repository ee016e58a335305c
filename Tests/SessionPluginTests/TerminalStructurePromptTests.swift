import CLIKitTestSupport
import HomeAPI
import XCTest
@testable import SessionPlugin

/// The terminal offer of servers to (re)authorize: Enter, numbers, URLs, refusals and cancel.
final class TerminalStructurePromptTests: XCTestCase {
    private func choose(_ choice: StructureChoice, typing lines: [String]) async throws -> (String?, String) {
        let recorder = ConsoleRecorder(input: lines)
        let chosen = try await TerminalStructurePrompt(console: recorder.console(terminal: true)).choose(choice)
        return (chosen, recorder.error)
    }

    func testEnterTakesThePreselectedServerWhichIsMarked() async throws {
        let choice = try StructureChoice(known: ["http://a:1", "http://b:1"], current: "http://b:1", hint: nil, allowed: nil, allowChange: true)
        let (chosen, shown) = try await choose(choice, typing: [""])
        XCTAssertEqual(chosen, "http://b:1")
        XCTAssertTrue(shown.contains(" * 2. http://b:1"), shown)
        XCTAssertTrue(shown.contains("   1. http://a:1"), shown)
    }

    func testANumberOrATypedURLPicksAnotherWhenChangesAreAllowed() async throws {
        let choice = try StructureChoice(known: ["http://a:1", "http://b:1"], current: "http://b:1", hint: nil, allowed: nil, allowChange: true)
        let (byNumber, _) = try await choose(choice, typing: ["1"])
        XCTAssertEqual(byNumber, "http://a:1")
        let (typed, _) = try await choose(choice, typing: ["http://c:1"])
        XCTAssertEqual(typed, "http://c:1")
    }

    func testALockedChoiceOnlyConfirmsOrCancels() async throws {
        let choice = try StructureChoice(known: ["http://a:1", "http://b:1"], current: "http://b:1", hint: nil, allowed: nil, allowChange: false)
        let (chosen, shown) = try await choose(choice, typing: ["1", "y"])
        XCTAssertEqual(chosen, "http://b:1")
        XCTAssertTrue(shown.contains("http://a:1  (locked)"), shown)
        XCTAssertTrue(shown.contains("'1' cannot be chosen here."), shown)
        let (cancelled, _) = try await choose(choice, typing: ["n"])
        XCTAssertNil(cancelled)
        let (ended, _) = try await choose(choice, typing: [])
        XCTAssertNil(ended, "the end of input cancels")
    }

    func testAnAllowListRefusesOthers() async throws {
        let choice = try StructureChoice(known: ["http://a:1"], current: "http://a:1", hint: "http://c:1", allowed: ["http://c:1", "http://d:1"], allowChange: true)
        let (chosen, shown) = try await choose(choice, typing: ["http://a:1", "2"])
        XCTAssertEqual(chosen, "http://d:1")
        XCTAssertTrue(shown.contains("'http://a:1' cannot be chosen here."), shown)
    }
}
