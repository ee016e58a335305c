import CLIKit
import Essentials
import Foundation

/// Shows the sign-in URL, and opens it with `xdg-open` where a desktop session exists.
enum BrowserLauncher {
    static func present(_ url: URL, console: Console) {
        console.printError("Open this address in a browser to sign in:\n  \(url.absoluteString)")
        let environment = Current.environment()
        guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            console.printError("(could not start xdg-open: \(error.localizedDescription))")
        }
    }
}
