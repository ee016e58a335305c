import Foundation
import XCTest

/// tools/lint passes on the tree and fails on each kind of planted violation.
final class LintTests: XCTestCase {
    private let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var tree: URL!

    override func setUpWithError() throws {
        tree = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try write("Modules/Clean/Sources/Clean.swift", "public struct Clean {\n    let text = \"wow!\" // fine!\n    func ok(a: Int?) -> Bool { a != nil && !(a ?? 0 > 1) }\n}\n")
        try write("Modules/Clean/Sources/Clean+Extras.swift", "extension Clean {\n    struct Nested {}\n}\n")
        try write("Tests/CleanTests/CleanTests.swift", "final class CleanTests {\n    func setUp() { Current = .failing; let x: Int! = 1; _ = try! f(x!) }\n}\n")
        try write("Modules/Clean/Sources/Current.swift", "nonisolated(unsafe) public var Current = World.live\n")
        try write("Apps/tool/main.swift", "struct Helper {}\nstruct Other {}\n")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tree)
    }

    private func write(_ path: String, _ text: String) throws {
        let url = tree.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func lint(_ root: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("tools/lint").path, "--root", root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testTheRepositoryPasses() throws {
        let result = try lint(repository)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testACleanTreePasses() throws {
        let result = try lint(tree)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testTwoTypesInOneFileFail() throws {
        try write("Modules/Clean/Sources/Pair.swift", "struct Pair {}\nenum Extra {}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Modules/Clean/Sources/Pair.swift:2: one-type-per-file: second top-level type enum Extra"), result.output)
    }

    func testATypeNotNamedAfterItsFileFails() throws {
        try write("Plugins/P/Misnamed.swift", "public final class Actual {}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("one-type-per-file: class Actual is declared in Misnamed.swift"), result.output)
    }

    func testATypeInAnExtensionFileFails() throws {
        try write("Modules/Clean/Sources/Clean+More.swift", "extension Clean {}\nstruct Sneaky {}\n")
        let result = try lint(tree)
        XCTAssertTrue(result.output.contains("struct Sneaky is declared in an extension file"), result.output)
    }

    func testAssigningCurrentOutsideTestsFails() throws {
        try write("Apps/tool/Setup.swift", "func setUp() {\n    Current.logger = { _ in fatal() }\n}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Apps/tool/Setup.swift:2: current-assignment"), result.output)
    }

    func testTryBangAndForceUnwrapInModulesFail() throws {
        try write("Modules/Clean/Sources/Risky.swift", "func risky(a: [String: Int]) {\n    _ = try! load()\n    _ = a[\"k\"]!\n    _ = a as! Int\n}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        for line in ["Risky.swift:2: no-try-bang", "Risky.swift:3: no-force-unwrap", "Risky.swift:4: no-force-unwrap"] {
            XCTAssertTrue(result.output.contains(line), "\(line) missing from \(result.output)")
        }
    }

    func testForceUnwrapInsideStringInterpolationIsFound() throws {
        try write("Plugins/P/Talk.swift", "func talk(a: Int?) -> String {\n    \"value \\(a!) here\"\n}\n")
        XCTAssertTrue(try lint(tree).output.contains("Talk.swift:2: no-force-unwrap"))
    }
}
