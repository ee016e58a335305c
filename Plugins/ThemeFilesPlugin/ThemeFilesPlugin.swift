import DesignContract
import Essentials
import FoundationEssentials
import HADesignTokens
import PluginHost

/// Writes the theme in every configured format to a folder when it starts, so Home Assistant's
/// `themes/` folder or a web page can pick it up.
public final class ThemeFilesPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "theme-files", version: SemanticVersion(1, 0, 0),
            summary: "Writes the design tokens as theme files (YAML, CSS, JSON) to a folder",
            provides: [DesignCapabilities.themeFiles.id], requires: [DesignCapabilities.themeExporter.id],
            configurationKeys: ["directory", "formats", "themeName"], failurePolicy: .degrade
        ),
        configuration: ThemeFilesConfiguration.self
    ) { configuration in
        ThemeFilesPlugin(configuration: configuration)
    }

    private let configuration: ThemeFilesConfiguration

    init(configuration: ThemeFilesConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        let exporter = try context.resolve(DesignCapabilities.themeExporter)
        let layout = Current.directories()
        let folder = configuration.directory ?? layout.data.appendingPathComponent("themes")
        try layout.prepare(folder)
        var written: [URL] = []
        for format in configuration.formats {
            let file = folder.appendingPathComponent("\(configuration.fileStem).\(format.fileExtension)")
            try Data(exporter.export(format, themeName: configuration.themeName, color: false).utf8).write(to: file, options: .atomic)
            written.append(file)
        }
        context.logger.info("wrote \(written.map(\.lastPathComponent).joined(separator: ", ")) to \(folder.path)")
        try context.provide(DesignCapabilities.themeFiles, WrittenThemeFiles(files: written))
    }

    public func stop() async {}
}
