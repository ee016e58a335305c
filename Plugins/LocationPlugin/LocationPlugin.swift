import Agent
import AgentContract
import DBus
import PluginHost

/// Where this machine is: a location source for the agent (`agent.location-sources`; GeoClue
/// over D-Bus, or a fixed place from the manifest) that `request_location_update`, `home agent
/// --location-interval` and `home agent location` use.
public final class LocationPlugin: Plugin {
    /// Its entry's name among the location sources.
    static let sourceName = "location"

    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "location", version: SemanticVersion(1, 0, 0),
            summary: "This machine's location for its device tracker (GeoClue, or a fixed place)",
            contributes: [ContributionDeclaration(point: AgentPoints.locationSources.name, name: sourceName, summary: "GeoClue, or a fixed place")],
            configurationKeys: ["source", "latitude", "longitude", "accuracy"],
            failurePolicy: .ignore
        ),
        configuration: LocationConfiguration.self
    ) { configuration in
        LocationPlugin(source: configuration.source)
    }

    private let source: LocationSourceKind

    init(source: LocationSourceKind) {
        self.source = source
    }

    public func start(_ context: PluginContext) async throws {
        let located: any LocationSource
        switch source {
        case .geoClue: located = GeoClueLocation(bus: .system)
        case .fixed(let latitude, let longitude, let accuracy): located = FixedLocation(fix: LocationFix(latitude: latitude, longitude: longitude, accuracy: accuracy))
        }
        try context.contribute(AgentPoints.locationSources, name: Self.sourceName, located)
    }

    public func stop() async {}
}
