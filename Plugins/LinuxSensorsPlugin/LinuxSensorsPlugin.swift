import Agent
import AgentContract
import PluginHost

/// Provides the agent's Linux sensors (CPU, load, memory, swap, disks, uptime, battery, network,
/// sessions, kernel, distribution, agent version) as one source of the agent's
/// `agent.sensor-sources` point. Which ones report is the user's choice per server; this plugin
/// only decides which exist.
public final class LinuxSensorsPlugin: Plugin {
    /// Its entry's name in the agent's sensor sources.
    static let sourceName = "linux"

    /// How the compiled catalog describes and builds this plugin; `agentVersion` is what the
    /// agent-version sensor reports.
    public static func factory(agentVersion: String) -> any PluginFactory {
        BuiltInPluginFactory(
            descriptor: PluginDescriptor(
                id: "linux-sensors", version: SemanticVersion(1, 0, 0),
                summary: "Sensors of this Linux machine for the agent (opt-in per server)",
                contributes: [ContributionDeclaration(point: AgentPoints.sensorSources.name, name: sourceName, summary: "This machine's sensors")],
                configurationKeys: ["exclude"], failurePolicy: .degrade
            ),
            configuration: LinuxSensorsConfiguration.self
        ) { configuration in
            LinuxSensorsPlugin(configuration: configuration, agentVersion: agentVersion)
        }
    }

    private let configuration: LinuxSensorsConfiguration
    private let agentVersion: String

    init(configuration: LinuxSensorsConfiguration, agentVersion: String) {
        self.configuration = configuration
        self.agentVersion = agentVersion
    }

    public func start(_ context: PluginContext) async throws {
        let all = SensorCatalog.all(agentVersion: agentVersion)
        let known = Set(all.map(\.definition.uniqueID))
        if let unknown = configuration.exclude.first(where: { !known.contains($0) }) {
            throw ConfigurationError(key: "exclude", reason: "no sensor '\(unknown)'; known: \(known.sorted().joined(separator: ", "))")
        }
        let included = SensorSet(all.filter { !configuration.exclude.contains($0.definition.uniqueID) })
        try context.contribute(AgentPoints.sensorSources, name: Self.sourceName, included)
    }

    public func stop() async {}
}
