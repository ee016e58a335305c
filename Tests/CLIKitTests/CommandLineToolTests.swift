import CLIKit
import CLIKitTestSupport
import XCTest

final class CommandLineToolTests: XCTestCase {
    private let tool = CommandLineTool(root: ToolCommand(), version: "9.9.9")

    private func run(_ arguments: [String], color: Bool = false) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder()
        return (await tool.run(arguments, console: recorder.console(color: color)), recorder)
    }

    func testVersion() async {
        let (code, output) = await run(["--version"])
        XCTAssertEqual(code, .success)
        XCTAssertEqual(output.out, "tool 9.9.9\n")
    }

    func testDispatchesToSubcommandWithOptions() async {
        let (code, output) = await run(["greet", "--loud", "ada"])
        XCTAssertEqual(code, .success)
        XCTAssertEqual(output.out, "HELLO ADA\n")
    }

    func testHelpOnEveryLevel() async {
        let (rootCode, root) = await run(["--help"])
        XCTAssertEqual(rootCode, .success)
        XCTAssertTrue(root.out.contains("USAGE: tool COMMAND"))
        XCTAssertTrue(root.out.contains("greet  Greet someone."))
        let (code, sub) = await run(["greet", "-h"])
        XCTAssertEqual(code, .success)
        XCTAssertTrue(sub.out.hasPrefix("USAGE: tool greet [--loud] NAME"), sub.out)
        XCTAssertTrue(sub.out.contains("--loud      Shout."), sub.out)
    }

    func testUsageErrorsExitWithTwo() async {
        for arguments in [[], ["gret"], ["greet"], ["greet", "a", "b"], ["greet", "--quiet", "a"]] {
            let (code, output) = await run(arguments)
            XCTAssertEqual(code, .usage, "\(arguments)")
            XCTAssertTrue(output.error.hasPrefix("error: "), output.error)
            XCTAssertEqual(output.out, "")
        }
        let (_, mistyped) = await run(["gret"])
        XCTAssertEqual(mistyped.error, "error: unknown command 'gret' for 'tool'; valid commands: greet, fail\n")
    }

    func testFailuresExitWithOne() async {
        let (code, output) = await run(["fail"])
        XCTAssertEqual(code, .failure)
        XCTAssertEqual(output.error, "error: it broke\n")
    }

    func testColourOnlyWhenEnabled() async {
        let (_, plain) = await run(["greet", "ada"])
        XCTAssertEqual(plain.out, "hello ada\n")
        let (_, coloured) = await run(["greet", "ada"], color: true)
        XCTAssertEqual(coloured.out, "\u{1B}[32mhello ada\u{1B}[0m\n")
    }

    func testNoColorConvention() {
        XCTAssertTrue(Console.colorAllowed(environment: [:], isTerminal: true))
        XCTAssertFalse(Console.colorAllowed(environment: ["NO_COLOR": "1"], isTerminal: true))
        XCTAssertTrue(Console.colorAllowed(environment: ["NO_COLOR": ""], isTerminal: true))
        XCTAssertFalse(Console.colorAllowed(environment: ["TERM": "dumb"], isTerminal: true))
        XCTAssertFalse(Console.colorAllowed(environment: [:], isTerminal: false))
    }
}
