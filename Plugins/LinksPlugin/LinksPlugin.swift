import HomePluginKit
import PluginHost
import SessionContract
import WindowContract

/// Links: the `window.openers` entry that opens a page of a server in the window (starting
/// `home window`) or a web page in the browser, for a clicked notification and the like; and
/// `home open LINK`, which follows a frontend path, an `entityId:` link or one of Home
/// Assistant's `homeassistant://` links (the `.desktop` scheme handler runs it), asking before
/// a link calls a service or fires an event.
public enum LinksPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "links", version: SemanticVersion(1, 0, 0),
            summary: "Opens links: pages in the window, sites in the browser, homeassistant:// links after confirmation: open",
            requires: [SessionCapabilities.access.id],
            contributes: [OpenCommand.declaration, ContributionDeclaration(point: WindowPoints.openers.name, name: "launcher", summary: "starts home window, or xdg-open for the browser")],
            failurePolicy: .degrade
        ),
        configuration: CommandsPluginConfiguration.self
    ) { _ in
        LinksPluginInstance()
    }
}
