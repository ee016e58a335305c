import CLIKit
import CLIKitTestSupport
import XCTest

/// One grammar: a bare group prints its help and succeeds; a required option is shown as required
/// and its absence is a usage error (exit 2) that says which.
final class CommandGroupTests: XCTestCase {
    private let tool = CommandLineTool(root: ShipCommand(), version: "1")

    private func run(_ arguments: [String]) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder()
        return (await tool.run(arguments, console: recorder.console()), recorder)
    }

    func testABareGroupPrintsItsHelpAndSucceeds() async {
        let (code, output) = await run([])
        XCTAssertEqual(code, .success)
        XCTAssertTrue(output.out.hasPrefix("USAGE: ship COMMAND\n\nMove a ship.\n\nCOMMANDS:\n  dock  Tie up at the quay.\n"), output.out)
        XCTAssertEqual(output.error, "")
    }

    func testARequiredOptionIsShownAsRequiredAndChecked() async {
        let (helped, help) = await run(["sail", "--help"])
        XCTAssertEqual(helped, .success)
        XCTAssertTrue(help.out.hasPrefix("USAGE: ship sail --crew NAME [--to DIRECTION] [--log FILE] [--fast]\n"), help.out)
        XCTAssertTrue(help.out.contains("  --crew NAME     Who sails. (required)\n"), help.out)
        let (missing, refusal) = await run(["sail", "--fast"])
        XCTAssertEqual(missing, .usage)
        XCTAssertEqual(refusal.error, "error: 'ship sail' needs --crew NAME; see 'ship sail --help'\n")
        let (sailed, sailing) = await run(["sail", "--crew", "ada"])
        XCTAssertEqual(sailed, .success)
        XCTAssertEqual(sailing.out, "sailing with ada\n")
    }
}
