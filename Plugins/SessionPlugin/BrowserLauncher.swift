import CLIKit
import Desktop
import Essentials
import FoundationEssentials

/// Shows the sign-in URL, and opens it with `xdg-open` where a desktop session exists.
enum BrowserLauncher {
    static func present(_ url: URL, console: Console) {
        console.printError("Open this address in a browser to sign in:\n  \(url.absoluteString)")
        let environment = Current.environment()
        guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else { return }
        do {
            try DesktopLaunch.openInBrowser(url.absoluteString)
        } catch {
            console.printError("(\(error))")
        }
    }
}
