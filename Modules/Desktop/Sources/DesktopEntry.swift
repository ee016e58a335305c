import Essentials
import FoundationEssentials

/// The window's launcher for the desktop: a `.desktop` file and its icon under the user's XDG data
/// folder, written by `home window` (again when the executable moved), so the desktop's menu and
/// task switcher know the window by name and icon; and a hidden one that handles
/// `homeassistant://` links with `home open`.
public enum DesktopEntry {
    /// The application id: the `.desktop` file's name, the icon's, and the window's class.
    public static let id = "io.homecompanion.Window"

    /// The id of the hidden entry that handles `homeassistant://` links (`home open %u`).
    static let linksID = "io.homecompanion.Links"
    /// The MIME type of `homeassistant://` links.
    static let linkType = "x-scheme-handler/homeassistant"

    /// Writes the entries for `executable` (the `home` that runs the window) and the icon, where
    /// missing or stale, and makes the links entry the handler of `homeassistant://` links in
    /// `mimeapps.list` (under `configFolder`) unless the user chose another.
    public static func install(executable: String, dataFolder: URL, configFolder: URL) throws {
        let applications = dataFolder.appendingPathComponent("applications")
        try write(entry(executable: executable), to: applications.appendingPathComponent("\(id).desktop"))
        try write(linksEntry(executable: executable), to: applications.appendingPathComponent("\(linksID).desktop"))
        try installIcons(dataFolder: dataFolder)
        let associations = configFolder.appendingPathComponent("mimeapps.list")
        let current = (try? String(contentsOf: associations, encoding: .utf8)) ?? ""
        if let chosen = defaultApplications(adding: "\(linkType)=\(linksID).desktop", to: current) { try write(chosen, to: associations) }
    }

    static func entry(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=Home Assistant
        GenericName=Home automation
        Comment=Home Assistant in a window, signed in by HomeCompanion
        Exec=\(quoted(executable)) window
        Icon=\(id)
        StartupWMClass=\(id)
        Categories=Utility;
        Keywords=home;assistant;automation;smart home;

        """
    }

    /// The hidden entry the desktop runs for a `homeassistant://` link.
    static func linksEntry(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=Home Assistant links
        Comment=Follows homeassistant:// links with HomeCompanion
        Exec=\(quoted(executable)) open %u
        Icon=\(id)
        NoDisplay=true
        MimeType=\(linkType);

        """
    }

    /// `list` (a `mimeapps.list`) with `line` added under `[Default Applications]`; nil when it
    /// names a default for the link type already (the user's choice, or ours).
    static func defaultApplications(adding line: String, to list: String) -> String? {
        var lines = list.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var section = ""
        for text in lines {
            let trimmed = text.trimmingSpaces()
            if trimmed.hasPrefix("[") { section = trimmed } else if section == "[Default Applications]", trimmed.hasPrefix("\(linkType)=") { return nil }
        }
        if let header = lines.firstIndex(where: { $0.trimmingSpaces() == "[Default Applications]" }) {
            lines.insert(line, at: header + 1)
        } else {
            lines += (lines.isEmpty ? [] : [""]) + ["[Default Applications]", line]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `executable` quoted for an Exec key, as the Desktop Entry specification asks.
    static func quoted(_ executable: String) -> String {
        "\"" + executable.replacing("\\", with: "\\\\\\\\").replacing("\"", with: "\\\\\"")
            .replacing("`", with: "\\\\`").replacing("$", with: "\\\\$") + "\""
    }

    /// The icon theme folder the icons go to (`dataFolder/icons`), for hosts that take a theme path.
    public static func iconTheme(dataFolder: URL) -> URL {
        dataFolder.appendingPathComponent("icons")
    }

    /// The name of the icon the tray shows while the server cannot be reached.
    public static let offlineIconName = "\(id)-offline"

    /// Writes the icon and the tray's offline icon into the hicolor theme under `dataFolder`.
    public static func installIcons(dataFolder: URL) throws {
        let icons = iconTheme(dataFolder: dataFolder).appendingPathComponent("hicolor/scalable/apps")
        try write(icon, to: icons.appendingPathComponent("\(id).svg"))
        try write(icon.replacing("#03a9f4", with: "#9e9e9e"), to: icons.appendingPathComponent("\(offlineIconName).svg"))
    }

    /// A house on Home Assistant's blue, drawn for this project.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
          <rect x="2" y="2" width="60" height="60" rx="14" fill="#03a9f4"/>
          <path d="M32 12 L52 30 L47 30 L47 50 L17 50 L17 30 L12 30 Z" fill="#ffffff"/>
          <circle cx="32" cy="36" r="5" fill="#03a9f4"/>
          <path d="M32 41 L32 50" stroke="#03a9f4" stroke-width="3"/>
        </svg>

        """

    /// Writes `text` to `file` (atomically, creating its folder) unless it holds that already.
    static func write(_ text: String, to file: URL) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
    }
}
