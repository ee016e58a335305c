import Agent
import AgentContract
import Essentials
import FoundationEssentials
import PluginHost

/// The controls of this machine, each an entry of `agent.controls`: lock screen, suspend,
/// reboot and shut down through systemd-logind, the media player through MPRIS, volume and mute
/// through pactl (where installed), and commands of the user's own from the manifest. Every one
/// is off until the user enables it (`home controls enable ID`).
public final class SystemControlsPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "system-controls", version: SemanticVersion(1, 0, 0),
            summary: "What Home Assistant can drive here: lock, suspend, reboot, shut down, media, volume, your own commands",
            contributes: [ContributionDeclaration(point: AgentPoints.controls.name, name: "system", summary: "logind, MPRIS, pactl, commands")],
            configurationKeys: ["logind", "media", "volume", "commands"],
            failurePolicy: .degrade
        ),
        configuration: SystemControlsConfiguration.self
    ) { configuration in
        SystemControlsPlugin(configuration: configuration)
    }

    private let configuration: SystemControlsConfiguration

    init(configuration: SystemControlsConfiguration) {
        self.configuration = configuration
    }

    /// The controls the configuration asks for, the user's own last.
    var controls: [any Control] {
        var controls: [any Control] = []
        if configuration.logind { controls += LogindControl.all() }
        if configuration.media { controls += MediaPlayerControl.all() }
        if configuration.volume, Self.isInstalled("pactl") { controls += Self.volumeControls }
        return controls + configuration.commands.map { CommandControl(definition: $0.definition, run: $0.run, state: $0.state) }
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(AgentPoints.controls, name: "system", ControlSet(controls))
    }

    public func stop() async {}

    /// Volume (0–100 %) and mute of the default sink, through pactl.
    static var volumeControls: [any Control] {
        [
            CommandControl(
                definition: ControlDefinition(id: "volume", name: "Volume", kind: .number(minimum: 0, maximum: 100, step: 1, unit: "%"), icon: "mdi:volume-high"),
                run: ["pactl", "set-sink-volume", "@DEFAULT_SINK@", "{value}%"], state: ["pactl", "get-sink-volume", "@DEFAULT_SINK@"], reading: .percent
            ),
            CommandControl(
                definition: ControlDefinition(id: "mute", name: "Mute", kind: .toggle, icon: "mdi:volume-off"),
                run: ["sh", "-c", "pactl set-sink-mute @DEFAULT_SINK@ \"$([ \"$HOME_CONTROL_VALUE\" = ON ] && echo 1 || echo 0)\""],
                state: ["pactl", "get-sink-mute", "@DEFAULT_SINK@"], reading: .yesNo
            ),
        ]
    }

    /// Whether `program` is on the PATH.
    static func isInstalled(_ program: String) -> Bool {
        let path = Current.environment()["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}
