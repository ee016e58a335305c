import AgentContract
import HomePluginKit
import PluginHost

/// Renders templates on the server: `home template '{{ states("sun.sun") }}'` through the
/// device's webhook (`render_template`), the server's error shown as it gives it.
public enum TemplatesPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = CommandsPlugin.factory(
        id: "templates", summary: "Render Home Assistant templates on the server: template", requires: [AgentCapabilities.webhook.id],
        commands: [TemplateCommand.self]
    ) { context in
        [TemplateCommand(webhook: try context.resolve(AgentCapabilities.webhook))]
    }
}
