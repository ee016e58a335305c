import AgentPlugin
import AssistPlugin
import ConnectionPlugin
import DesignTokensPlugin
import DesktopNotificationsPlugin
import FoundationEssentials
import HomeDevicesPlugin
import ImprovPlugin
import LinuxSensorsPlugin
import LocationPlugin
import MQTTPlugin
import PluginHost
import PushChannelsPlugin
import ScriptSensorsPlugin
import SessionPlugin
import SystemControlsPlugin
import TagsPlugin
import TemplatesPlugin
import ThemeFilesPlugin
import DesktopPlugin
import LinksPlugin
import ThreadPlugin
import TrayPlugin
import MatterPlugin
import WindowPlugin
import ZonesPlugin

/// The plugins compiled into `home`, and the manifest entries that stand for the plugins a
/// user's manifest does not name.
enum BuiltInCatalog {
    /// Every built-in plugin.
    static let factories: [any PluginFactory] = [
        SessionPlugin.factory, ConnectionPlugin.factory, AgentPlugin.factory(appVersion: HomeApp.version), PushChannelsPlugin.factory,
        LinuxSensorsPlugin.factory(agentVersion: HomeApp.version), DesktopNotificationsPlugin.factory, HomeDevicesPlugin.factory,
        ThreadPlugin.factory, ImprovPlugin.factory, AssistPlugin.factory, TemplatesPlugin.factory, TagsPlugin.factory,
        LocationPlugin.factory, ZonesPlugin.factory, SystemControlsPlugin.factory, MQTTPlugin.factory,
        ScriptSensorsPlugin.factory,
        DesignTokensPlugin.factory, ThemeFilesPlugin.factory, WindowPlugin.factory, LinksPlugin.factory, DesktopPlugin.factory, TrayPlugin.factory, MatterPlugin.factory,
    ]

    /// Every feature on, but theme-files, which writes to disk and waits until the user opts in
    /// (a sensor still reports only once the user enables it for a server).
    static let defaults: [ManifestEntry] = [
        ManifestEntry(id: "session"), ManifestEntry(id: "connection"), ManifestEntry(id: "agent"), ManifestEntry(id: "push-channels"),
        ManifestEntry(id: "linux-sensors"), ManifestEntry(id: "home-devices"), ManifestEntry(id: "thread"), ManifestEntry(id: "improv"),
        ManifestEntry(id: "desktop-notifications"), ManifestEntry(id: "assist"), ManifestEntry(id: "templates"), ManifestEntry(id: "tags"),
        ManifestEntry(id: "location"), ManifestEntry(id: "zones"), ManifestEntry(id: "system-controls"), ManifestEntry(id: "mqtt"),
        ManifestEntry(id: "script-sensors"),
        ManifestEntry(id: "design-tokens"), ManifestEntry(id: "theme-files", enabled: false),
        ManifestEntry(id: "window"), ManifestEntry(id: "links"), ManifestEntry(id: "desktop"), ManifestEntry(id: "tray"), ManifestEntry(id: "matter"),
    ]
}
