import EssentialsTestSupport
import Foundation
import XCTest

/// tools/lint passes on the tree and fails on each kind of planted violation.
final class LintTests: XCTestCase {
    private let repository = PythonTool.repository
    private let scratch = ScratchFolder()
    private var tree: URL { scratch.root }

    override func setUpWithError() throws {
        try scratch.write("Modules/Clean/Sources/Clean.swift", "public struct Clean {\n    let text = \"wow!\" // fine!\n    func ok(a: Int?) -> Bool { a != nil && !(a ?? 0 > 1) }\n}\n")
        try scratch.write("Modules/Clean/Sources/Clean+Extras.swift", "extension Clean {\n    struct Nested {}\n}\n")
        try scratch.write("Tests/CleanTests/CleanTests.swift", "final class CleanTests {\n    func setUp() { Current = .failing; let x: Int! = 1; _ = try! f(x!) }\n}\n")
        try scratch.write("Modules/Clean/Sources/Current.swift", "nonisolated(unsafe) public var Current = World.live\n")
        try scratch.write("Apps/tool/main.swift", "struct Helper {}\nstruct Other {}\n")
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func lint(_ root: URL, architecture: URL? = nil) throws -> (status: Int32, output: String) {
        let result = try PythonTool(name: "lint").run(["--root", root.path] + (architecture.map { ["--architecture", $0.path] } ?? []))
        return (result.status, result.out + result.error)
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
        try scratch.write("Modules/Clean/Sources/Pair.swift", "struct Pair {}\nenum Extra {}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Modules/Clean/Sources/Pair.swift:2: one-type-per-file: second top-level type enum Extra"), result.output)
    }

    func testATypeNotNamedAfterItsFileFails() throws {
        try scratch.write("Plugins/P/Misnamed.swift", "public final class Actual {}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("one-type-per-file: class Actual is declared in Misnamed.swift"), result.output)
    }

    func testATypeInAnExtensionFileFails() throws {
        try scratch.write("Modules/Clean/Sources/Clean+More.swift", "extension Clean {}\nstruct Sneaky {}\n")
        let result = try lint(tree)
        XCTAssertTrue(result.output.contains("struct Sneaky is declared in an extension file"), result.output)
    }

    func testAssigningCurrentOutsideTestsFails() throws {
        try scratch.write("Apps/tool/Setup.swift", "func setUp() {\n    Current.logger = { _ in fatal() }\n}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Apps/tool/Setup.swift:2: current-assignment"), result.output)
    }

    func testTryBangAndForceUnwrapInModulesFail() throws {
        try scratch.write("Modules/Clean/Sources/Risky.swift", "func risky(a: [String: Int]) {\n    _ = try! load()\n    _ = a[\"k\"]!\n    _ = a as! Int\n}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        for line in ["Risky.swift:2: no-try-bang", "Risky.swift:3: no-force-unwrap", "Risky.swift:4: no-force-unwrap"] {
            XCTAssertTrue(result.output.contains(line), "\(line) missing from \(result.output)")
        }
    }

    func testTheMachinesClockSleepEnvironmentAndPrintOutsideTheWorldFail() throws {
        try scratch.write("Plugins/P/Impatient.swift", """
        func impatient() async throws {
            let started = Date()
            try await Task.sleep(nanoseconds: 1)
            _ = ProcessInfo.processInfo.environment["HOME"]
            print("at \\(started)")
            _ = Date(timeIntervalSince1970: 0)
            _ = HTTPDate()
            console.print("fine")
        }

        """)
        let result = try lint(tree)
        XCTAssertEqual(result.status, 1)
        for line in ["Impatient.swift:2: world: Date()", "Impatient.swift:3: world: Task.sleep", "Impatient.swift:4: world: read the environment", "Impatient.swift:5: world: print"] {
            XCTAssertTrue(result.output.contains(line), "\(line) missing from \(result.output)")
        }
        for line in ["Impatient.swift:6:", "Impatient.swift:7:", "Impatient.swift:8:"] {
            XCTAssertFalse(result.output.contains(line), "\(line) flagged in \(result.output)")
        }
    }

    func testTheWorldItselfAMainAndTestsMayReachTheMachine() throws {
        try scratch.write("Modules/Essentials/Sources/World.swift", "let live = (Date(), ProcessInfo.processInfo.environment)\n")
        try scratch.write("Apps/tool/main.swift", "let environment = ProcessInfo.processInfo.environment\n")
        try scratch.write("Tests/PTests/ClockTests.swift", "func clock() async throws {\n    _ = Date()\n    try await Task.sleep(nanoseconds: 1)\n    print(1)\n}\n")
        try scratch.write("Plugins/P/Printer.swift", "struct Printer {\n    func print(_ text: String) {}\n    func run() { print(\"x\") }\n}\n")
        let result = try lint(tree)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testTheShareOfDocumentedPublicDeclarationsIsReportedAndWarnedUnderNinetyPercent() throws {
        try scratch.write("Modules/Half/Sources/Half.swift", """
            /// Documented.
            public struct Half: CustomStringConvertible {
                public let bare: Int
                /// Documented.
                @inlinable public var said: Int { bare }
                public var description: String { "not counted: a conformance needs it" }
            }

            """)
        let result = try lint(tree)
        XCTAssertEqual(result.status, 0, "a warning does not fail the run: \(result.output)")
        XCTAssertTrue(
            result.output.contains("tools/lint: warning: Half: 2/3 public declarations documented (67%, under 90%); first without: Modules/Half/Sources/Half.swift:3"),
            result.output
        )
        XCTAssertTrue(result.output.contains("tools/lint: warning: Clean: 0/1 public declarations documented"), "every module is reported: \(result.output)")
    }

    func testForceUnwrapInsideStringInterpolationIsFound() throws {
        try scratch.write("Plugins/P/Talk.swift", "func talk(a: Int?) -> String {\n    \"value \\(a!) here\"\n}\n")
        XCTAssertTrue(try lint(tree).output.contains("Talk.swift:2: no-force-unwrap"))
    }

    /// A module graph and a table of what each module must not depend on, as the planted tree's.
    private func plantLayers(lowDependencies: String) throws -> URL {
        try scratch.write("Package.swift", """
        let targets: [Target] = [
            .target(name: "Low", dependencies: [\(lowDependencies)], path: "Modules/Low/Sources"),
            .target(name: "Middle", dependencies: ["High"], path: "Modules/Middle/Sources"),
            .target(name: "High", path: "Modules/High/Sources"),
            .target(name: "Feature", dependencies: ["High"], path: "Plugins/Feature"),
        ]
        """)
        try scratch.write("Modules/Low/Sources/Low.swift", "import Middle\nstruct Low {}\n")
        try scratch.write("Modules/Middle/Sources/Middle.swift", "import High\nstruct Middle {}\n")
        try scratch.write("Modules/High/Sources/High.swift", "struct High {}\n")
        try scratch.write("Plugins/Feature/Feature.swift", "import High\nstruct Feature {}\n")
        try scratch.write("ARCHITECTURE.md", """
        | module | owns | must not depend on |
        | --- | --- | --- |
        | Low | the bottom | High (lower layers know nothing above them) |
        | Middle | the middle | — |
        | High | the top | Low |
        """)
        return tree.appendingPathComponent("ARCHITECTURE.md")
    }

    func testALayeredGraphPasses() throws {
        let architecture = try plantLayers(lowDependencies: "")
        try scratch.write("Modules/Low/Sources/Low.swift", "struct Low {}\n")
        let result = try lint(tree, architecture: architecture)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testADependencyTheTableForbidsFailsEvenThroughAnotherModule() throws {
        let architecture = try plantLayers(lowDependencies: "\"Middle\"")
        let result = try lint(tree, architecture: architecture)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Package.swift:2: layer: Low -> Middle -> High: ARCHITECTURE.md says Low must not depend on High"), result.output)
    }

    func testAModuleDependingOnAPluginFails() throws {
        let architecture = try plantLayers(lowDependencies: "")
        try scratch.write("Modules/Low/Sources/Low.swift", "struct Low {}\n")
        try scratch.write("Modules/High/Sources/High.swift", "import Feature\nstruct High {}\n")
        let package = try String(contentsOf: tree.appendingPathComponent("Package.swift"), encoding: .utf8)
        try scratch.write("Package.swift", package.replacingOccurrences(of: #".target(name: "High", path"#, with: #".target(name: "High", dependencies: ["Feature"], path"#))
        let result = try lint(tree, architecture: architecture)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("layer: High -> Feature: no module depends on Apps/ or Plugins/"), result.output)
    }

    func testADeclaredDependencyNeverImportedFails() throws {
        let architecture = try plantLayers(lowDependencies: "\"Middle\"")
        try scratch.write("Modules/Low/Sources/Low.swift", "struct Low {}\n")
        let result = try lint(tree, architecture: architecture)
        XCTAssertTrue(
            result.output.contains("unused-dependency: Low declares Middle but no file of Modules/Low/Sources imports it; remove it"), result.output
        )
    }

    func testAMissingTableFailsInsteadOfPassingSilently() throws {
        _ = try plantLayers(lowDependencies: "")
        let result = try lint(tree, architecture: tree.appendingPathComponent("nowhere.md"))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("layer: cannot read"), result.output)
    }

    /// Two plugins, a contract and a kit, as the planted tree's; `pluginDependencies` and
    /// `contractDependencies` are what the plugin and the contract declare.
    private func plantPlugins(pluginDependencies: String, contractDependencies: String) throws -> URL {
        let architecture = try plantLayers(lowDependencies: "")
        try scratch.write("Modules/Low/Sources/Low.swift", "struct Low {}\n")
        try scratch.write("Package.swift", """
        let targets: [Target] = [
            .target(name: "Low", path: "Modules/Low/Sources"),
            .target(name: "Middle", dependencies: ["High"], path: "Modules/Middle/Sources"),
            .target(name: "High", path: "Modules/High/Sources"),
            .target(name: "CLIKit", path: "Modules/CLIKit/Sources"),
            .target(name: "Feature", dependencies: ["High"], path: "Plugins/Feature"),
            .target(name: "FeatureContract", dependencies: [\(contractDependencies)], path: "Plugins/Contracts/FeatureContract"),
            .target(name: "OptionsKit", dependencies: ["FeatureContract"], path: "Plugins/OptionsKit"),
            .target(name: "Other", dependencies: [\(pluginDependencies)], path: "Plugins/Other"),
        ]
        """)
        try scratch.write("Modules/CLIKit/Sources/CLIKit.swift", "struct CLIKit {}\n")
        try scratch.write("Plugins/Contracts/FeatureContract/FeatureContract.swift", "import CLIKit\nimport High\nimport Feature\nstruct FeatureContract {}\n")
        try scratch.write("Plugins/OptionsKit/OptionsKit.swift", "import FeatureContract\nstruct OptionsKit {}\n")
        try scratch.write("Plugins/Other/Other.swift", "import Feature\nimport FeatureContract\nimport OptionsKit\nstruct Other {}\n")
        return architecture
    }

    func testPluginsMeetingThroughContractsAndKitsPass() throws {
        let architecture = try plantPlugins(pluginDependencies: #""FeatureContract", "OptionsKit""#, contractDependencies: #""High""#)
        try scratch.write("Plugins/Contracts/FeatureContract/FeatureContract.swift", "import High\nstruct FeatureContract {}\n")
        try scratch.write("Plugins/Other/Other.swift", "import FeatureContract\nimport OptionsKit\nstruct Other {}\n")
        let result = try lint(tree, architecture: architecture)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testAPluginDependingOnAnotherPluginFails() throws {
        let architecture = try plantPlugins(pluginDependencies: #""Feature", "FeatureContract", "OptionsKit""#, contractDependencies: #""High""#)
        try scratch.write("Plugins/Contracts/FeatureContract/FeatureContract.swift", "import High\nstruct FeatureContract {}\n")
        let result = try lint(tree, architecture: architecture)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Package.swift:9: plugin-edge: Other -> Feature: plugins meet through contracts"), result.output)
        XCTAssertFalse(result.output.contains("Other -> OptionsKit"), result.output)
    }

    func testAContractDependingOnAPluginOrOnCLIKitFails() throws {
        let architecture = try plantPlugins(pluginDependencies: #""FeatureContract""#, contractDependencies: #""CLIKit", "High", "Feature""#)
        try scratch.write("Plugins/Other/Other.swift", "import FeatureContract\nstruct Other {}\n")
        let result = try lint(tree, architecture: architecture)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("Package.swift:7: contract: FeatureContract -> CLIKit: a contract knows no plugin, kit or CLI type"), result.output)
        XCTAssertTrue(result.output.contains("Package.swift:7: contract: FeatureContract -> Feature:"), result.output)
        XCTAssertFalse(result.output.contains("FeatureContract -> High"), result.output)
    }
}
