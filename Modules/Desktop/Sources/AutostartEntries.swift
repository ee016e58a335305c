import FoundationEssentials

/// The XDG autostart entries (`$XDG_CONFIG_HOME/autostart/*.desktop`) that start `home agent` and
/// `home tray` with the desktop session. XDG autostart rather than systemd user units: the agent
/// and the tray need the graphical session's environment (its session bus for notifications and
/// the tray, the display to open the window), which an entry gets and a unit started with
/// `default.target` does not; GNOME, KDE Plasma, Xfce, Cinnamon and MATE read the entries, and on
/// systemd desktops `systemd-xdg-autostart-generator` runs each as an `app-…@autostart.service`
/// unit, with systemd's supervision.
public struct AutostartEntries: Sendable {
    /// The autostart folder.
    public let folder: URL

    /// The entries in `configFolder/autostart` (`configFolder` is `$XDG_CONFIG_HOME`, or `~/.config`).
    public init(configFolder: URL) {
        folder = configFolder.appendingPathComponent("autostart")
    }

    /// Whether `item` starts with the session: its entry exists and is not hidden or turned off.
    public func isEnabled(_ item: AutostartItem) -> Bool {
        guard let text = try? String(contentsOf: file(item), encoding: .utf8) else { return false }
        let lines = Set(text.split(separator: "\n").map { $0.trimmingSpaces() })
        return !lines.contains("Hidden=true") && !lines.contains("X-GNOME-Autostart-enabled=false")
    }

    /// Writes `item`'s entry, running `executable` (the `home` to start).
    public func enable(_ item: AutostartItem, executable: String) throws {
        try DesktopEntry.write(entry(item, executable: executable), to: file(item))
    }

    /// Removes `item`'s entry; nothing when there is none.
    public func disable(_ item: AutostartItem) throws {
        guard FileManager.default.fileExists(atPath: file(item).path) else { return }
        try FileManager.default.removeItem(at: file(item))
    }

    func entry(_ item: AutostartItem, executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=\(item.title)
        Comment=\(item.comment)
        Exec=\(DesktopEntry.quoted(executable)) \(item.command)
        Icon=\(DesktopEntry.id)
        NoDisplay=true
        X-GNOME-Autostart-enabled=true

        """
    }

    private func file(_ item: AutostartItem) -> URL {
        folder.appendingPathComponent("\(item.entryID).desktop")
    }
}
