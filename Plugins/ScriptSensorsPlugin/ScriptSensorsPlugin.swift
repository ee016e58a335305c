import Agent
import AgentContract
import Essentials
import PluginHost
import Synchronization

/// Sensors from scripts of the user's (`scripts` in the manifest), an entry of
/// `agent.sensor-sources`: each script's values become sensors `script_ID_KEY`, reported like
/// every sensor once the user enables them (`home sensors enable`).
public final class ScriptSensorsPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "script-sensors", version: SemanticVersion(1, 0, 0),
            summary: "Sensors from your scripts (JSON or key=value output), on an interval or streaming",
            contributes: [ContributionDeclaration(point: AgentPoints.sensorSources.name, name: "scripts", summary: "the manifest's scripts")],
            configurationKeys: ["scripts"],
            failurePolicy: .degrade
        ),
        configuration: ScriptSensorsConfiguration.self
    ) { configuration in
        ScriptSensorsPlugin(scripts: configuration.scripts)
    }

    private let scripts: [ScriptSpec]
    private let runners = Mutex<[ScriptRunner]>([])

    init(scripts: [ScriptSpec]) {
        self.scripts = scripts
    }

    public func start(_ context: PluginContext) async throws {
        let logger = context.logger
        let runners = scripts.map { spec in ScriptRunner(spec: spec, logger: logger) }
        self.runners.withLock { $0 = runners }
        let sensors = zip(scripts, runners).flatMap { spec, runner in
            spec.sensors.map { ScriptSensor(definition: $0, key: spec.keys[$0.uniqueID] ?? "", runner: runner) }
        }
        try context.contribute(AgentPoints.sensorSources, name: "scripts", SensorSet(sensors))
    }

    public func stop() async {
        for runner in runners.withLock({ $0 }) { runner.stop() }
    }
}
