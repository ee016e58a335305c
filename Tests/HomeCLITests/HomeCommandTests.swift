import Foundation
import XCTest

final class HomeCommandTests: HomeCLITestCase {
    func testVersionAndHelp() async {
        let version = await home("--version")
        XCTAssertEqual(version.out, "home 0.1.0\n")
        let help = await home("--help")
        XCTAssertEqual(help.code, .success)
        for command in ["login", "logout", "servers", "status", "locale", "permissions", "states", "watch", "call", "agent", "sensors", "notifications", "plugins", "theme", "paths"] {
            XCTAssertTrue(help.out.contains("\n  \(command) "), help.out)
        }
    }

    func testBareHomePrintsItsHelpWithTheEnvironmentAndExitCodes() async {
        let result = await home()
        XCTAssertEqual(result.code, .success)
        XCTAssertEqual(result.error, "")
        XCTAssertTrue(result.out.hasPrefix("USAGE: home [--manifest FILE] COMMAND [OPTIONS]\n"), result.out)
        for variable in ["HOME_SERVER", "HOME_TOKEN", "HOME_CLIENT_ID", "HOME_RELAY_KEY", "HOME_LOG_LEVEL", "NO_COLOR"] {
            XCTAssertTrue(result.out.contains("\n  \(variable) "), "\(variable) missing from: \(result.out)")
        }
        XCTAssertTrue(result.out.contains("EXIT STATUS: 0 success, 1 a failure at run time, 2 a command line that cannot run as written."), result.out)
    }

    /// Every command and subcommand (read from the manual, which walks the whole tree) answers
    /// --help with its own usage line and options, and exits 0.
    func testEveryCommandAnswersHelp() async throws {
        let manual = await home("manual")
        XCTAssertEqual(manual.code, .success, manual.error)
        let paths = manual.out.split(separator: "\n").filter { $0.hasPrefix(".SS ") }.map { $0.dropFirst(4).replacingOccurrences(of: "\\-", with: "-") }
        XCTAssertGreaterThan(paths.count, 60, "the whole tree: \(paths)")
        for path in paths {
            let words = path.split(separator: " ").dropFirst().map(String.init)
            let help = await home(words + ["--help"])
            XCTAssertEqual(help.code, .success, "\(path): \(help.error)")
            XCTAssertTrue(help.out.hasPrefix("USAGE: \(path)"), "\(path): \(help.out.prefix(200))")
            XCTAssertTrue(help.out.contains("\nOPTIONS:\n"), "\(path): \(help.out)")
            // Every listing and every action's result can be had as JSON; what prints a document
            // of its own (a script, a page, a theme, a call's JSON) or runs until stopped is exempt.
            let exempt = ["home agent", "home completions", "home manual", "home theme", "home plugins call"]
            if !help.out.contains("COMMAND\n"), !exempt.contains(path) {
                XCTAssertTrue(help.out.contains("  --json "), "\(path) has no --json: \(help.out.prefix(300))")
            }
        }
        for group in [["thread"], ["improv"], ["tag"], ["thread", "otbr"]] {
            let bare = await home(group)
            XCTAssertEqual(bare.code, .success, "\(group) bare: \(bare.error)")
            XCTAssertTrue(bare.out.hasPrefix("USAGE: home \(group.joined(separator: " ")) COMMAND\n"), bare.out)
        }
    }

    func testAnActionsResultAsJSON() async throws {
        let result = await home("locale", "set", "en-GB", "--json")
        XCTAssertEqual(result.code, .success, result.error)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        XCTAssertEqual(object?["locale"] as? String, "en-GB")
        XCTAssertEqual(object?["kept_on_server"] as? Bool, false, "signed out: for this run only")
    }

    func testCompletionsForEveryShellAndAnUnknownOne() async {
        for shell in ["bash", "zsh", "fish"] {
            let script = await home("completions", shell)
            XCTAssertEqual(script.code, .success, script.error)
            XCTAssertTrue(script.out.contains("otbr"), "\(shell): every command is in it")
        }
        let unknown = await home("completions", "tcsh")
        XCTAssertEqual(unknown.code, .usage)
        XCTAssertEqual(unknown.error, "error: no completions for 'tcsh'; shells: bash, zsh, fish\n")
    }

    func testPathsAsJSON() async throws {
        let result = await home("paths", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: String]
        XCTAssertEqual(object?["configuration"], layout.configuration.path)
        XCTAssertEqual(object?["data"], layout.data.path)
        XCTAssertEqual(object?["manifest"], layout.defaultManifest.path)
    }
}
