import Essentials
import EssentialsTestSupport
import PluginHost
import XCTest

final class PluginHostTests: XCTestCase {
    private let log = EventLog()
    private let recorder = LogRecorder()

    private func host(_ factories: [TestPluginFactory], disabled: [String] = []) throws -> PluginHost {
        let entries = factories.map { ManifestEntry(id: $0.descriptor.id) } + disabled.map { ManifestEntry(id: $0, enabled: false) }
        let plan = try PluginLoader(catalog: PluginCatalog(factories)).plan(ManifestFixtures.manifest(entries))
        return PluginHost(plan: plan, logger: recorder.logger())
    }

    func testStartsInDependencyOrderAndStopsInReverse() async throws {
        let host = try host([
            TestPluginFactory("app", requires: ["db"], log: log),
            TestPluginFactory("db", provides: ["db"], requires: ["log"], log: log),
            TestPluginFactory("log", provides: ["log"], log: log),
        ])
        let report = await host.start()
        XCTAssertEqual(report.outcome, .running)
        XCTAssertEqual(report.plugins.map(\.state), [.started, .started, .started])
        XCTAssertEqual(try host.registry.resolve(CapabilityKey<String>(name: "db")), "db")
        await host.stop()
        XCTAssertEqual(log.events, ["start log", "start db", "start app", "stop app", "stop db", "stop log"])
        let states = await host.report.map(\.state)
        XCTAssertEqual(states, [.stopped, .stopped, .stopped])
        XCTAssertThrowsError(try host.registry.resolve(CapabilityKey<String>(name: "db")))
    }

    func testAbortStopsWhatStartedInReverseAndSkipsTheRest() async throws {
        let host = try host([
            TestPluginFactory("first", provides: ["a"], log: log),
            TestPluginFactory("second", provides: ["b"], requires: ["a"], log: log),
            TestPluginFactory("broken", provides: ["c"], requires: ["b"], policy: .abort, behaviour: .failStart, log: log),
            TestPluginFactory("last", requires: ["c"], log: log),
        ])
        let report = await host.start()
        XCTAssertEqual(report.outcome, .aborted("'broken' failed: start failed: broken refused to start"))
        XCTAssertEqual(log.events, ["start first", "start second", "fail broken", "stop second", "stop first"])
        XCTAssertEqual(report.status(of: "first")?.state, .stopped)
        XCTAssertEqual(report.status(of: "broken")?.state, .failed("start failed: broken refused to start"))
        XCTAssertEqual(report.status(of: "last")?.state, .skipped("startup aborted"))
        await host.stop()
        XCTAssertEqual(log.events.count, 5, "stop after an aborted startup stops nothing twice")
    }

    func testDegradeSkipsDependentsAndKeepsTheRest() async throws {
        let host = try host([
            TestPluginFactory("flaky", provides: ["x"], policy: .degrade, behaviour: .failStart, log: log),
            TestPluginFactory("user", requires: ["x"], policy: .ignore, log: log),
            TestPluginFactory("solid", log: log),
        ])
        let report = await host.start()
        XCTAssertEqual(report.outcome, .degraded)
        XCTAssertEqual(report.status(of: "user")?.state, .skipped("needs x@1, whose provider did not start"))
        XCTAssertEqual(report.status(of: "solid")?.state, .started)
        XCTAssertTrue(recorder.lines.contains { $0.hasPrefix("[warning]") && $0.contains("continuing degraded") })
    }

    func testIgnoreKeepsTheHostRunning() async throws {
        let report = try await host([
            TestPluginFactory("optional", policy: .ignore, behaviour: .failStart, log: log),
            TestPluginFactory("core", log: log),
        ]).start()
        XCTAssertEqual(report.outcome, .running)
        XCTAssertEqual(report.status(of: "optional")?.state.name, "failed")
    }

    func testASkippedAbortPluginAbortsStartup() async throws {
        let report = try await host([
            TestPluginFactory("flaky", provides: ["x"], policy: .degrade, behaviour: .failStart, log: log),
            TestPluginFactory("essential", requires: ["x"], policy: .abort, log: log),
        ]).start()
        XCTAssertEqual(report.outcome, .aborted("'essential' skipped: needs x@1, whose provider did not start"))
    }

    func testCreationFailureAbortsBeforeAnythingStarts() async throws {
        let report = try await host([
            TestPluginFactory("fine", log: log),
            TestPluginFactory("unmakeable", behaviour: .failCreate, log: log),
        ]).start()
        XCTAssertEqual(report.outcome, .aborted("'unmakeable' failed: cannot be created: unmakeable cannot be made"))
        XCTAssertEqual(log.events, [])
        XCTAssertEqual(report.status(of: "fine")?.state, .skipped("startup aborted"))
    }

    func testAPluginThatDoesNotProvideWhatItDeclaresFails() async throws {
        let report = try await host([TestPluginFactory("liar", provides: ["x"], policy: .degrade, behaviour: .omitCapability, log: log)]).start()
        XCTAssertEqual(report.status(of: "liar")?.state, .failed("started but did not provide x@1, which it declares"))
        XCTAssertEqual(log.events, ["start liar", "stop liar"])
    }

    func testDisabledPluginsAreReported() async throws {
        let report = try await host([TestPluginFactory("on", log: log)], disabled: ["off"]).start()
        XCTAssertEqual(report.plugins.map(\.id), ["on", "off"])
        XCTAssertEqual(report.status(of: "off")?.state, .disabled)
    }
}
