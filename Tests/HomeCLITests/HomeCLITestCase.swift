import CLIKit
import CLIKitTestSupport
import Essentials
import EssentialsTestSupport
import Foundation
import HomeCLI
import XCTest

/// Runs `home` in-process in a world of its own temporary XDG folders.
class HomeCLITestCase: XCTestCase {
    var root: URL!
    var layout: DirectoryLayout!
    let logs = LogRecorder()

    /// The repository's examples/manifests folder.
    let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/manifests")

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("home-cli-\(UUID().uuidString)")
        let environment = ["HOME": root.path]
        let layout = DirectoryLayout(environment: environment)
        self.layout = layout
        var world = World.failing
        world.environment = { environment }
        world.directories = { layout }
        world.now = { Date(timeIntervalSince1970: 1_800_000_000) }
        world.logger = { [logs] label in logs.logger(label: label) }
        Current = world
    }

    override func tearDownWithError() throws {
        Current = .live
        try? FileManager.default.removeItem(at: root)
    }

    func home(_ arguments: String..., input: [String] = []) async -> (code: ExitCode, out: String, error: String) {
        await home(arguments, input: input)
    }

    func home(_ arguments: [String], input: [String] = []) async -> (code: ExitCode, out: String, error: String) {
        let recorder = ConsoleRecorder(input: input)
        let code = await HomeApp.run(arguments, console: recorder.console())
        return (code, recorder.out, recorder.error)
    }

    func example(_ name: String) -> String {
        examples.appendingPathComponent(name).path
    }
}
