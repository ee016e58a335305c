import Foundation
import XCTest
@testable import PluginHost

final class PluginLoaderTests: XCTestCase {
    private func loader(_ factories: [any PluginFactory]) -> PluginLoader {
        PluginLoader(catalog: PluginCatalog(factories)) { url in throw DynamicPluginError("no libraries in unit tests: \(url.path)") }
    }

    private func diagnostics(_ factories: [any PluginFactory], _ entries: [ManifestEntry]) -> [Diagnostic] {
        ManifestFixtures.diagnostics { _ = try loader(factories).plan(ManifestFixtures.manifest(entries)) }
    }

    func testOrdersDependenciesFirstAndTiesInManifestOrder() throws {
        let factories = [
            TestPluginFactory("app", requires: ["db", "log"]),
            TestPluginFactory("db", provides: ["db"], requires: ["log"]),
            TestPluginFactory("log", provides: ["log"]),
            TestPluginFactory("extra"),
        ]
        let plan = try loader(factories).plan(ManifestFixtures.manifest(
            [ManifestEntry(id: "extra"), ManifestEntry(id: "app"), ManifestEntry(id: "db"), ManifestEntry(id: "log")]
        ))
        XCTAssertEqual(plan.startOrder.map(\.descriptor.id), ["extra", "log", "db", "app"])
    }

    func testAfterOrdersPluginsAndIgnoresDisabledOnes() throws {
        let plan = try loader([TestPluginFactory("a"), TestPluginFactory("b"), TestPluginFactory("c")]).plan(ManifestFixtures.manifest([
            ManifestEntry(id: "a", after: ["b", "c"]), ManifestEntry(id: "b"), ManifestEntry(id: "c", enabled: false),
        ]))
        XCTAssertEqual(plan.startOrder.map(\.descriptor.id), ["b", "a"])
    }

    func testAfterNamingAnUnlistedPluginIsADiagnostic() {
        let found = diagnostics([TestPluginFactory("a")], [ManifestEntry(id: "a", after: ["zzz"])])
        XCTAssertEqual(found, [Diagnostic(.unknownPlugin, plugin: "a", "'after' names 'zzz', which the manifest does not list; listed: a")])
    }

    func testPlanManifestAtReportsDecodingAndValidationProblemsTogether() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"schemaVersion": 1, "plugins": [{"id": "a", "failurePolicy": "often"}, {"id": "ghost"}]}"#.utf8).write(to: url)
        let found = ManifestFixtures.diagnostics { _ = try loader([TestPluginFactory("a")]).plan(manifestAt: url) }
        XCTAssertEqual(found.map(\.code), [.malformedManifest, .unknownPlugin])
    }

    func testDisabledPluginsAreListedButNotPlanned() throws {
        let plan = try loader([TestPluginFactory("a"), TestPluginFactory("b")]).plan(ManifestFixtures.manifest(
            [ManifestEntry(id: "a"), ManifestEntry(id: "b", enabled: false)]
        ))
        XCTAssertEqual(plan.startOrder.map(\.descriptor.id), ["a"])
        XCTAssertEqual(plan.disabled.map(\.id), ["b"])
    }

    func testADefaultWhoseProviderTheFileDisablesIsDisabledWithIt() throws {
        let factories = [
            TestPluginFactory("agent", provides: ["agent.webhook"]), TestPluginFactory("assist", requires: ["agent.webhook"]),
            TestPluginFactory("voice", requires: ["assist.speech"]), TestPluginFactory("speech", provides: ["assist.speech"], requires: ["agent.webhook"]),
            TestPluginFactory("other"),
        ]
        let defaults = ["agent", "assist", "voice", "speech", "other"].map { ManifestEntry(id: $0) }
        let file = ManifestFixtures.manifest([ManifestEntry(id: "agent", enabled: false)])
        let plan = try loader(factories).plan(file.adding(defaults: defaults))
        XCTAssertEqual(plan.startOrder.map(\.descriptor.id), ["other"])
        XCTAssertEqual(plan.disabled.map(\.id).sorted(), ["agent", "assist", "speech", "voice"], "and what needs them, in turn")

        // Named in the file, it is the user's choice, and a missing provider is an error.
        let named = ManifestFixtures.manifest([ManifestEntry(id: "agent", enabled: false), ManifestEntry(id: "assist")]).adding(defaults: defaults)
        let found = ManifestFixtures.diagnostics { _ = try loader(factories).plan(named) }
        XCTAssertEqual(found.map(\.code), [.missingCapability])
        XCTAssertEqual(found.first?.plugin, "assist")
    }

    func testUnknownPluginListsTheKnownOnes() {
        let found = diagnostics([TestPluginFactory("alpha"), TestPluginFactory("beta")], [ManifestEntry(id: "gamma")])
        XCTAssertEqual(found, [Diagnostic(
            .unknownPlugin, plugin: "gamma",
            "no built-in plugin has this id; known plugins: alpha, beta (an out-of-tree plugin needs 'library')"
        )])
    }

    func testDuplicateID() {
        let found = diagnostics([TestPluginFactory("a")], [ManifestEntry(id: "a"), ManifestEntry(id: "a", enabled: false)])
        XCTAssertEqual(found.map(\.code), [.duplicatePlugin])
        XCTAssertEqual(found.first?.plugin, "a")
    }

    func testMissingCapabilityNamesTheDisabledProvider() {
        let found = diagnostics(
            [TestPluginFactory("app", requires: ["db"]), TestPluginFactory("sqlite", provides: ["db"])],
            [ManifestEntry(id: "app"), ManifestEntry(id: "sqlite", enabled: false)]
        )
        XCTAssertEqual(found, [Diagnostic(
            .missingCapability, plugin: "app",
            "requires db@1, which no enabled plugin provides; provided by 'sqlite' (disabled in the manifest); enable it"
        )])
    }

    func testMissingCapabilityNamesACatalogProviderNotInTheManifest() {
        let found = diagnostics(
            [TestPluginFactory("app", requires: ["db"]), TestPluginFactory("sqlite", provides: ["db"])],
            [ManifestEntry(id: "app")]
        )
        XCTAssertEqual(found.first?.message, "requires db@1, which no enabled plugin provides; provided by 'sqlite'; enable it")
    }

    func testMissingCapabilityWithNoProviderAnywhere() {
        let found = diagnostics([TestPluginFactory("app", requires: ["telepathy"])], [ManifestEntry(id: "app")])
        XCTAssertEqual(found.first?.message, "requires telepathy@1, which no enabled plugin provides; no known plugin provides it")
    }

    func testPluginVersionMismatch() {
        let factory = TestPluginFactory("a", version: SemanticVersion(1, 4, 0))
        XCTAssertEqual(diagnostics([factory], [ManifestEntry(id: "a", version: SemanticVersion(1, 2, 0))]), [])
        XCTAssertEqual(diagnostics([factory], [ManifestEntry(id: "a", version: SemanticVersion(1, 5, 0))]).map(\.code), [.versionMismatch])
        XCTAssertEqual(
            diagnostics([factory], [ManifestEntry(id: "a", version: SemanticVersion(2, 0, 0))]).first?.message,
            "the manifest asks for version 2.0.0 or a later 2.x, but the plugin is 1.4.0"
        )
    }

    func testCapabilityVersionMismatch() {
        let consumer = BuiltInPluginFactory(
            descriptor: PluginDescriptor(id: "app", version: SemanticVersion(1, 0, 0), summary: "", requires: [CapabilityID(name: "db", version: 2)]),
            configuration: EmptyConfiguration.self
        ) { _ in throw TestFailure(message: "unused") }
        let found = diagnostics([consumer, TestPluginFactory("sqlite", provides: ["db"])], [ManifestEntry(id: "app"), ManifestEntry(id: "sqlite")])
        XCTAssertEqual(found, [Diagnostic(
            .versionMismatch, plugin: "app", "requires db@2, but 'sqlite' provides db@1; use a matching version of either"
        )])
    }

    func testConflictingProviders() {
        let found = diagnostics(
            [TestPluginFactory("a", provides: ["db"]), TestPluginFactory("b", provides: ["db"])],
            [ManifestEntry(id: "a"), ManifestEntry(id: "b")]
        )
        XCTAssertEqual(found.map(\.code), [.conflictingProviders])
    }

    func testCycleIsPrintedAsAPath() {
        let found = diagnostics(
            [TestPluginFactory("a", provides: ["x"], requires: ["y"]), TestPluginFactory("b", provides: ["y"], requires: ["x"])],
            [ManifestEntry(id: "a"), ManifestEntry(id: "b")]
        )
        XCTAssertEqual(found, [Diagnostic(
            .dependencyCycle, "plugins require each other in a cycle: a -> b -> a; disable one or remove a requirement"
        )])
    }

    func testEveryDiagnosticIsCollectedTogetherWithCycles() {
        let found = diagnostics(
            [
                TestPluginFactory("a", provides: ["x"], requires: ["z"]),
                TestPluginFactory("b", provides: ["y"], requires: ["x"]),
                TestPluginFactory("c", provides: ["z"], requires: ["y"]),
            ],
            [ManifestEntry(id: "b"), ManifestEntry(id: "c"), ManifestEntry(id: "a", configuration: ["k": .bool(true)]), ManifestEntry(id: "ghost")]
        )
        XCTAssertEqual(found.map(\.code), [.badConfiguration, .unknownPlugin, .dependencyCycle])
        XCTAssertTrue(found[2].message.contains("b -> a -> c -> b"), found[2].message)
    }

    func testGraphFindsEachCycleOnce() {
        let graph = DependencyGraph(
            nodes: ["a", "b", "c", "d"],
            edges: ["a": ["b"], "b": ["a", "c"], "c": ["c"], "d": ["a"]]
        )
        XCTAssertEqual(graph.cycles(), [["a", "b", "a"], ["c", "c"]])
        XCTAssertNil(graph.topologicalOrder())
    }

    func testLibraryLoadFailureIsADiagnostic() {
        let found = diagnostics([], [ManifestEntry(id: "ext", library: "libext.so")])
        XCTAssertEqual(found.map(\.code), [.libraryLoadFailed])
        XCTAssertTrue(found[0].message.contains("/tmp/libext.so"), found[0].message)
    }

    func testManifestPolicyOverridesThePluginsOwn() throws {
        let plan = try loader([TestPluginFactory("a", policy: .abort)]).plan(
            ManifestFixtures.manifest([ManifestEntry(id: "a", failurePolicy: .ignore)])
        )
        XCTAssertEqual(plan.startOrder.first?.failurePolicy, .ignore)
    }
}
