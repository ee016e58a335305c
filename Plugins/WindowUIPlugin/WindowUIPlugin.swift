import HomePluginKit
import PluginHost
import WindowContract

/// Contributes the WebKitGTK window to `window.frontends`.
public final class WindowUIPlugin: Plugin {
    /// How `home-window`'s catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "window-ui", version: SemanticVersion(1, 0, 0),
            summary: "The window's WebKitGTK frontend (only in home-window)",
            contributes: [ContributionDeclaration(point: WindowPoints.frontends.name, name: "webkitgtk", summary: "WebKitGTK 6.0 and GTK 4")],
            failurePolicy: .degrade
        ),
        configuration: CommandsPluginConfiguration.self
    ) { _ in
        WindowUIPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(WindowPoints.frontends, name: "webkitgtk", WebKitFrontend())
    }

    public func stop() async {}
}
