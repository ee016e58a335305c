import Essentials
import EssentialsTestSupport
import PluginHost
import XCTest

/// Extension points: many contributors, each entry tagged with its plugin, started before the
/// consumers; declared entries checked; closures started alone; stops bounded by a timeout.
final class ExtensionPointTests: XCTestCase {
    private let log = EventLog()
    private let recorder = LogRecorder()

    private func plan(_ factories: [TestPluginFactory], disabled: [String] = []) throws -> LoadPlan {
        let entries = factories.map { ManifestEntry(id: $0.descriptor.id) } + disabled.map { ManifestEntry(id: $0, enabled: false) }
        return try PluginLoader(catalog: PluginCatalog(factories)).plan(ManifestFixtures.manifest(entries))
    }

    func testContributorsStartBeforeTheirConsumerWhicheverOrderTheManifestLists() async throws {
        let plan = try plan([
            TestPluginFactory("menu", consumes: ["dishes"], log: log),
            TestPluginFactory("soup", contributes: ["dishes/soup"], log: log),
            TestPluginFactory("cake", contributes: ["dishes/cake", "drinks/tea"], log: log),
        ])
        let host = PluginHost(plan: plan, logger: recorder.logger())
        let report = await host.start()
        XCTAssertEqual(report.outcome, .running)
        XCTAssertEqual(log.events.last, "start menu")
        XCTAssertEqual(log.events, ["start soup", "start cake", "menu sees dishes: soup by soup, cake by cake", "start menu"])
        let entries = host.extensions.contributions(to: ExtensionPoint<String>(name: "dishes"))
        XCTAssertEqual(Set(entries.map { "\($0.plugin):\($0.name)" }), ["soup:soup", "cake:cake"])
        await host.stop()
        XCTAssertTrue(host.extensions.contributions(to: ExtensionPoint<String>(name: "dishes")).isEmpty, "a stopped plugin's entries go")
    }

    func testTwoPluginsDeclaringOneEntryAreRejectedBeforeAnythingStarts() throws {
        let diagnostics = ManifestFixtures.diagnostics {
            _ = try plan([
                TestPluginFactory("first", contributes: ["commands/greet"]),
                TestPluginFactory("second", contributes: ["commands/greet"]),
            ])
        }
        XCTAssertEqual(diagnostics.map(\.code), [.conflictingContributions])
        XCTAssertEqual(
            diagnostics.first?.message, "contributes 'greet' to commands, which 'first' already contributes; enable only one of them"
        )
    }

    func testAPluginThatDoesNotContributeWhatItDeclaresFails() async throws {
        let plan = try plan([TestPluginFactory("liar", contributes: ["commands/greet"], policy: .degrade, behaviour: .omitContribution, log: log)])
        let host = PluginHost(plan: plan, logger: recorder.logger())
        let report = await host.start()
        XCTAssertEqual(report.status(of: "liar")?.state, .failed("started but did not provide 'greet' to commands, which it declares"))
        XCTAssertEqual(log.events, ["start liar", "stop liar"])
    }

    func testAnEntryNameIsTakenOncePerPoint() throws {
        let registry = ExtensionRegistry()
        let point = ExtensionPoint<String>(name: "commands")
        try registry.contribute(point, name: "greet", "first", by: "a")
        XCTAssertThrowsError(try registry.contribute(point, name: "greet", "second", by: "b")) { error in
            XCTAssertEqual(error as? CapabilityError, .alreadyContributed(point: "commands", name: "greet", by: "a"))
        }
        XCTAssertEqual(registry.contributions(to: point).map(\.value), ["first"])
        XCTAssertTrue(registry.contributions(to: ExtensionPoint<Int>(name: "commands")).isEmpty, "entries of another type are not handed out")
    }

    func testStartingOnlyAClosureLeavesTheRestIdle() async throws {
        let plan = try plan([
            TestPluginFactory("store", provides: ["store"], log: log),
            TestPluginFactory("sensor", contributes: ["sensors/cpu"], log: log),
            TestPluginFactory("agent", requires: ["store"], consumes: ["sensors"], log: log),
            TestPluginFactory("themes", log: log),
        ])
        XCTAssertEqual(plan.closure(of: ["agent"]), ["agent", "store", "sensor"])
        let host = PluginHost(plan: plan, logger: recorder.logger())
        let report = await host.start(only: ["agent"])
        XCTAssertEqual(report.status(of: "themes")?.state, .idle)
        XCTAssertEqual(report.status(of: "agent")?.state, .started)
        await host.stop()
        XCTAssertEqual(
            log.events, ["start store", "start sensor", "agent sees sensors: cpu by sensor", "start agent", "stop agent", "stop sensor", "stop store"]
        )
    }

    func testAStopThatHangsIsLeftBehindAndTheOthersStillStop() async throws {
        let plan = try plan([
            TestPluginFactory("base", provides: ["base"], log: log),
            TestPluginFactory("stuck", requires: ["base"], behaviour: .hangOnStop, log: log),
        ])
        let host = PluginHost(plan: plan, logger: recorder.logger())
        _ = await host.start()
        await host.stop(timeout: .milliseconds(50))
        XCTAssertEqual(log.events, ["start base", "start stuck", "stop base"])
        XCTAssertTrue(recorder.lines.contains { $0.contains("stuck did not stop within") }, "\(recorder.lines)")
        let states = await host.report.map(\.state)
        XCTAssertEqual(states, [.stopped, .stopped])
    }
}
