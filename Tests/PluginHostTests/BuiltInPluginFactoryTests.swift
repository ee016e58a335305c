import PluginHost
import XCTest

final class BuiltInPluginFactoryTests: XCTestCase {
    private let factory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "limits", version: SemanticVersion(1, 0, 0), summary: "", configurationKeys: ["name", "limits"]
        ),
        configuration: LimitsConfiguration.self
    ) { _ in throw TestFailure(message: "unused") }

    func testValidConfigurationHasNoProblems() {
        XCTAssertEqual(factory.configurationProblems(["name": .string("x"), "limits": .object(["daily": .integer(5)])]), [])
        XCTAssertEqual(factory.configurationProblems(["limits": .object(["daily": .integer(5)])]), [])
    }

    func testUnknownKeyListsValidKeys() {
        XCTAssertEqual(
            factory.configurationProblems(["nmae": .string("x"), "limits": .object(["daily": .integer(1)])]),
            ["key 'nmae' is unknown; valid keys: name, limits"]
        )
    }

    func testWrongTypeNamesTheKeyPath() {
        let problems = factory.configurationProblems(["limits": .object(["daily": .string("many")])])
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("key 'limits.daily': expected Int"), problems[0])
    }

    func testMissingKeyNamesIt() {
        XCTAssertEqual(factory.configurationProblems(["limits": .object([:])]), ["key 'limits.daily' is required"])
    }

    func testNullNamesTheKey() {
        let problems = factory.configurationProblems(["limits": .object(["daily": .null])])
        XCTAssertEqual(problems, ["key 'limits.daily': expected Int but found null"])
    }

    func testConfigurationErrorFromTheTypeIsReportedAsIs() {
        XCTAssertEqual(
            factory.configurationProblems(["limits": .object(["daily": .integer(-1)])]),
            ["key 'limits.daily': must be at least 1"]
        )
    }
}
