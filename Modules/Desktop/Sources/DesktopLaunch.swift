import Essentials
import Foundation

/// Starts programs for the desktop: on their own (no input, output nowhere; they outlive the
/// caller), and the user's browser through `xdg-open`.
public enum DesktopLaunch {
    /// Starts `executable` with `arguments`; throws when it cannot be started.
    public static func start(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw DesktopLaunchError(description: "cannot start \(executable): \(error)")
        }
    }

    /// Opens `url` in the user's browser with `xdg-open` (found on `PATH`).
    public static func openInBrowser(_ url: String) throws {
        guard let opener = ExecutableSearch.onPath("xdg-open") else {
            throw DesktopLaunchError(description: "cannot open \(url): xdg-open is not installed (Debian's xdg-utils package)")
        }
        try start(opener, [url])
    }
}
