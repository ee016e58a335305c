import DesignContract
import HADesignTokens
import HomePluginKit
import PluginHost

/// Provides the theme exporter, with the primary and accent colours a manifest may set, and
/// contributes `home theme`.
public final class DesignTokensPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "design-tokens", version: SemanticVersion(1, 0, 0),
            summary: "Home Assistant design tokens and theme exporters (YAML, CSS, JSON, terminal)",
            provides: [DesignCapabilities.themeExporter.id], contributes: [ThemeCommand.declaration], configurationKeys: ["primaryColor", "accentColor"],
            failurePolicy: .degrade
        ),
        configuration: DesignTokensConfiguration.self
    ) { configuration in
        DesignTokensPlugin(configuration: configuration)
    }

    private let configuration: DesignTokensConfiguration

    init(configuration: DesignTokensConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        let tokens = DesignTokens.homeAssistant.branded(primary: configuration.primaryColor, accent: configuration.accentColor)
        let exporter = ThemeExporter(tokens: tokens)
        try context.provide(DesignCapabilities.themeExporter, exporter)
        try context.contribute(command: ThemeCommand(exporter: exporter))
    }

    public func stop() async {}
}
