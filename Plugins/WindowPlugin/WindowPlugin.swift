import HomePluginKit
import PluginHost
import SessionContract
import WindowContract

/// `home window`: opens the frontend through the first `window.frontends` entry, or starts the
/// `home-window` executable, which has one.
public final class WindowPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "window", version: SemanticVersion(1, 0, 0),
            summary: "Home Assistant's frontend in a window, signed in by the companion: window",
            requires: [SessionCapabilities.access.id], contributes: [WindowCommand.declaration], consumes: [WindowPoints.frontends.name],
            failurePolicy: .degrade
        ),
        configuration: CommandsPluginConfiguration.self
    ) { _ in
        WindowPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        let session = try context.resolve(SessionCapabilities.access)
        try context.contribute(command: WindowCommand(session: session, frontends: { context.contributions(to: WindowPoints.frontends).map(\.value) }, logger: context.logger))
    }

    public func stop() async {}
}
