import CLIKit
import Foundation
import XCTest

/// The completion scripts, run in the real shells: subcommands, options, choices and files.
final class CompletionScriptTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("logbook.txt"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func script(_ shell: CompletionScript.Shell) throws -> String {
        let file = folder.appendingPathComponent("ship.\(shell.rawValue)")
        try CompletionScript(root: ShipCommand(), globalOptions: [.value("manifest", "FILE", help: "A manifest.")]).text(for: shell).write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// What bash's completion function offers for the words typed so far (the last one being completed).
    private func bash(_ words: [String]) throws -> [String] {
        let list = words.map { "'\($0)'" }.joined(separator: " ")
        let out = try ShellRun.output("bash", "cd '\(folder.path)'; source '\(try script(.bash))'; COMP_WORDS=(ship \(list)); COMP_CWORD=\(words.count); _ship; printf '%s\\n' \"${COMPREPLY[@]}\"")
        return out.split(separator: "\n").map(String.init)
    }

    func testBashOffersSubcommandsOptionsChoicesAndFiles() throws {
        XCTAssertEqual(try bash([""]), ["dock", "sail"])
        XCTAssertEqual(try bash(["sa"]), ["sail"])
        XCTAssertEqual(try bash(["sail", "--"]), ["--crew", "--to", "--log", "--fast", "--help"])
        XCTAssertEqual(try bash(["sail", "--to", ""]), ["north", "south"])
        XCTAssertEqual(try bash(["sail", "--log", "log"]), ["logbook.txt"])
        XCTAssertEqual(try bash(["sail", "--crew", "an", "--fast", "--t"]), ["--to"], "a value and a flag are skipped over")
        XCTAssertEqual(try bash(["--manifest", "x", "do"]), ["dock"], "a global option's value is no command word")
        XCTAssertEqual(try bash(["sail", "--crew", ""]), [], "free text: nothing to offer")
    }

    func testZshOffersTheSameCandidates() throws {
        let out = try ShellRun.output("zsh", "source '\(try script(.zsh))'; _ship_candidates sail --to ''; echo --; _ship_candidates ''; echo --; _ship_candidates sail --log ''")
        XCTAssertEqual(out, "north\nsouth\n--\ndock\nsail\n--\n__files__\n")
    }

    func testFishOffersSubcommandsWithTheirSummariesAndChoices() throws {
        let path = try script(.fish)
        let out = try ShellRun.output("fish", "source '\(path)'; complete -C'ship '; echo ==; complete -C'ship sail --to '; echo ==; complete -C'ship sail --c'")
        XCTAssertEqual(out, """
            dock\tTie up at the quay.
            sail\tLeave port — with a crew's name, 'quoted' and all.
            ==
            north\tWhere to.
            south\tWhere to.
            ==
            --crew\tWho sails.

            """)
    }
}
