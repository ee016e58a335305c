import Agent
import Essentials
import AgentContract
import HomePluginKit
import PluginHost
import SessionContract

/// Home Assistant drives this machine over MQTT: the controls contributed to `agent.controls`
/// that the user enabled are announced by MQTT discovery under this machine's device and their
/// commands (QoS 1) performed, while `home agent` runs (an `agent.services` entry); `home
/// controls` lists them and enables or disables them.
public final class MQTTPlugin: Plugin {
    /// Its entry's name among the agent's services.
    static let serviceName = "mqtt"

    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "mqtt", version: SemanticVersion(1, 0, 0),
            summary: "Controls for Home Assistant over MQTT (discovery, commands, availability): controls",
            requires: [SessionCapabilities.access.id],
            contributes: [
                ContributionDeclaration(point: AgentPoints.services.name, name: serviceName, summary: "the broker connection of the controls"),
                ControlsCommand.declaration,
                ContributionDeclaration(point: SettingsPoint.switches.name, name: "controls", summary: "the controls on the window's settings page"),
            ],
            consumes: [AgentPoints.controls.name],
            configurationKeys: ["broker", "username", "passwordFile", "caFile", "discoveryPrefix", "topicPrefix"],
            failurePolicy: .degrade
        ),
        configuration: MQTTConfiguration.self
    ) { configuration in
        MQTTPlugin(configuration: configuration)
    }

    private let configuration: MQTTConfiguration

    init(configuration: MQTTConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        let controls = { @Sendable in Self.unique(context.contributions(to: AgentPoints.controls).flatMap(\.value.controls), logger: context.logger) }
        try context.contribute(AgentPoints.services, name: Self.serviceName, ControlsTransport(configuration: configuration, controls: controls))
        let session = try context.resolve(SessionCapabilities.access)
        try context.contribute(command: ControlsCommand(session: session, controls: controls))
        try context.contribute(SettingsPoint.switches, name: "controls", ControlChoices(session: session, controls: controls))
    }

    public func stop() async {}

    /// The controls, the first of each id kept (a second one is logged).
    static func unique(_ controls: [any Control], logger: Logger) -> [any Control] {
        var seen: Set<String> = []
        return controls.filter { control in
            guard seen.insert(control.definition.id).inserted else {
                logger.warning("two plugins contribute the control \(control.definition.id); the second is ignored")
                return false
            }
            return true
        }
    }
}
