import Foundation
import XCTest

/// `home window` as a person runs it: `home` starts the `home-window` beside it, which opens the
/// frontend signed in; without `home-window`, it says what to install.
final class HomeWindowCommandTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("home-window-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    func testHomeWindowOpensTheFrontendSignedInAndWritesItsScreenshot() throws {
        if let problem = VirtualDisplay.problem { throw XCTSkip("no window here: \(problem)") }
        let server = try IntegrationEnvironment.require()
        let home = HomeProcess(root: root, environment: VirtualDisplay.variables)
        XCTAssertEqual(try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password).0, 0)
        let picture = root.appendingPathComponent("window.png")
        let (status, output) = try home.run(["window", "--path", "/lovelace/0", "--screenshot", picture.path])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("wrote \(picture.path)"), output)
        let size = (try FileManager.default.attributesOfItem(atPath: picture.path)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 20_000, "a drawn dashboard")
        let entry = try String(contentsOf: root.appendingPathComponent(".local/share/applications/io.homecompanion.Window.desktop"), encoding: .utf8)
        let executable = IntegrationEnvironment.repository.appendingPathComponent(".build/debug/home").resolvingSymlinksInPath().path
        XCTAssertTrue(entry.contains("Exec=\"\(executable)\" window\n"), entry)
        XCTAssertTrue(entry.contains("Icon=io.homecompanion.Window\n") && entry.contains("StartupWMClass=io.homecompanion.Window\n"), entry)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".local/share/icons/hicolor/scalable/apps/io.homecompanion.Window.svg").path))
    }

    func testWithoutHomeWindowItSaysWhatToInstall() throws {
        let alone = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("home")
        try FileManager.default.copyItem(at: IntegrationEnvironment.repository.appendingPathComponent(".build/debug/home"), to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["window"]
        process.environment = ["HOME": root.path, "PATH": "/usr/bin:/bin", "HOME_TOKEN": "unused"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, text)
        XCTAssertTrue(text.contains("the window is not installed: install the home-companion-window package"), text)
    }

    func testAPathThatIsNotAFrontendPathIsAUsageError() throws {
        let (status, output) = try HomeProcess(root: root).run(["window", "--path", "https://elsewhere.example/"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("--path takes a frontend path starting with /"), output)
    }
}
