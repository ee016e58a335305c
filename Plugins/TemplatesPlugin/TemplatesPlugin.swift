import AgentPlugin
import HomePluginKit
import PluginHost

/// Renders templates on the server: `home template '{{ states("sun.sun") }}'` through the
/// device's webhook (`render_template`), the server's error shown as it gives it.
public final class TemplatesPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "templates", version: SemanticVersion(1, 0, 0),
            summary: "Render Home Assistant templates on the server: template",
            requires: [AgentWebhook.key.id], contributes: [TemplateCommand.declaration]
        ),
        configuration: TemplatesConfiguration.self
    ) { _ in
        TemplatesPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(command: TemplateCommand(webhook: try context.resolve(AgentWebhook.key)))
    }

    public func stop() async {}
}
