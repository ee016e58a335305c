import Agent
import AgentContract
import HomePluginKit
import PluginHost

/// A plugin added the way a contributor adds one: its own files, a factory, and a manifest entry
/// that enables it. It contributes the command `weather` and a sensor for the agent.
final class WeatherStationPlugin: Plugin {
    static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "weather-station", version: SemanticVersion(1, 0, 0), summary: "Outdoor readings of a weather station",
            contributes: [
                WeatherCommand.declaration,
                ContributionDeclaration(point: AgentPoints.sensorSources.name, name: "weather-station", summary: "Outdoor temperature"),
            ],
            configurationKeys: ["city"]
        ),
        configuration: WeatherStationConfiguration.self
    ) { configuration in
        WeatherStationPlugin(city: configuration.city)
    }

    private let city: String

    init(city: String) {
        self.city = city
    }

    func start(_ context: PluginContext) async throws {
        // A station must stand somewhere: the start fails, as a real plugin's would without its device.
        guard !city.isEmpty else { throw ConfigurationError(key: "city", reason: "the station needs a city to stand in") }
        try context.contribute(command: WeatherCommand(city: city))
        try context.contribute(AgentPoints.sensorSources, name: "weather-station", SensorSet([OutdoorTemperatureSensor()]))
    }

    func stop() async {}
}
