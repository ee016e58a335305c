import Agent
import PluginHost

/// Provides the agent's Linux sensors (CPU, load, memory, swap, disks, uptime, battery, network,
/// sessions, kernel, distribution, agent version). Which ones report is the user's choice per
/// server; this plugin only decides which exist.
public final class LinuxSensorsPlugin: Plugin {
    public static let sensors = CapabilityKey<SensorSet>(name: "agent.sensors")

    public static func factory(agentVersion: String) -> any PluginFactory {
        BuiltInPluginFactory(
            descriptor: PluginDescriptor(
                id: "linux-sensors", version: SemanticVersion(1, 0, 0),
                summary: "Sensors of this Linux machine for the agent (opt-in per server)",
                provides: [sensors.id], configurationKeys: ["exclude"], failurePolicy: .degrade
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
        try context.provide(Self.sensors, SensorSet(all.filter { !configuration.exclude.contains($0.definition.uniqueID) }))
    }

    public func stop() async {}
}
