import Essentials
import Foundation

/// The window's launcher for the desktop: a `.desktop` file and its icon under the user's XDG data
/// folder, written by `home window` (again when the executable moved), so the desktop's menu and
/// task switcher know the window by name and icon.
enum DesktopEntry {
    /// The application id: the `.desktop` file's name, the icon's, and the window's class.
    static let id = "io.homecompanion.Window"

    /// Writes the entry for `executable` (the `home` that runs the window) and the icon, where missing or stale.
    static func install(executable: String, dataFolder: URL) throws {
        let applications = dataFolder.appendingPathComponent("applications")
        let icons = dataFolder.appendingPathComponent("icons/hicolor/scalable/apps")
        try write(entry(executable: executable), to: applications.appendingPathComponent("\(id).desktop"))
        try write(icon, to: icons.appendingPathComponent("\(id).svg"))
    }

    static func entry(executable: String) -> String {
        // The Exec key quotes its argument as the Desktop Entry specification asks.
        let quoted = "\"" + executable.replacingOccurrences(of: "\\", with: "\\\\\\\\").replacingOccurrences(of: "\"", with: "\\\\\"")
            .replacingOccurrences(of: "`", with: "\\\\`").replacingOccurrences(of: "$", with: "\\\\$") + "\""
        return """
            [Desktop Entry]
            Type=Application
            Name=Home Assistant
            GenericName=Home automation
            Comment=Home Assistant in a window, signed in by HomeCompanion
            Exec=\(quoted) window
            Icon=\(id)
            StartupWMClass=\(id)
            Categories=Utility;
            Keywords=home;assistant;automation;smart home;

            """
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

    private static func write(_ text: String, to file: URL) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
    }
}
