import Essentials
import Foundation

/// Opens a link that leaves the server in the user's browser, with `xdg-open`.
enum BrowserOpener {
    @Sendable static func open(_ uri: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        process.arguments = [uri]
        do {
            try process.run()
        } catch {
            Current.logger("window").warning("cannot open \(uri) in the browser: \(error)")
        }
    }
}
