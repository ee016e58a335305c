import Desktop
import Essentials
import Foundation

/// Opens a link that leaves the server in the user's browser, with `xdg-open`.
enum BrowserOpener {
    @Sendable static func open(_ uri: String) {
        do {
            try DesktopLaunch.openInBrowser(uri)
        } catch {
            Current.logger("window").warning("cannot open \(uri) in the browser: \(error)")
        }
    }
}
