import Desktop
import Essentials
import FoundationEssentials
import WindowContract

/// Opens pages for other plugins by starting this executable again as `window --server S --path
/// P [--entity E]` or `window --server S --settings` (which hands the page to the window open
/// already, or opens one), and web pages
/// with the desktop's `xdg-open`. The child runs on its own: its output goes nowhere and it
/// outlives this process.
struct WindowLauncher: WindowOpening {
    let logger: Logger

    func openPage(server: String, path: String, entity: String?) throws {
        try DesktopLaunch.start(try executable(), ["window", "--server", server, "--path", path] + (entity.map { ["--entity", $0] } ?? []))
        logger.info("opening \(path)\(entity.map { " with the dialog of \($0)" } ?? "") of \(server) in the window")
    }

    func openSettings(server: String) throws {
        try DesktopLaunch.start(try executable(), ["window", "--server", server, "--settings"])
        logger.info("opening the settings of \(server) in the window")
    }

    func openInBrowser(_ url: String) throws {
        try DesktopLaunch.openInBrowser(url)
        logger.info("opening \(url) in the browser")
    }

    /// The running executable (`home`, or `home-window`, which takes the same commands).
    private func executable() throws -> String {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw DesktopLaunchError(description: "cannot find this executable to start the window")
        }
        return executable
    }
}
