import Essentials

/// Starts programs for the desktop: on their own (no input, output nowhere; they outlive the
/// caller), and the user's browser through `xdg-open`.
public enum DesktopLaunch {
    /// Starts `executable` with `arguments`; throws when it cannot be started.
    public static func start(_ executable: String, _ arguments: [String]) throws {
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: executable, arguments: arguments, output: .discarded, error: .discarded)
        } catch {
            throw DesktopLaunchError(description: error.description)
        }
        // Reaped when it ends, which may be after the caller.
        do {
            try DetachedThread.start { _ = process.waitForExit() }
        } catch {
            throw DesktopLaunchError(description: "\(executable) started, but nothing can wait for it to end: \(error)")
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
