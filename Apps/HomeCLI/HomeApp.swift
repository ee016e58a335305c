import CLIKit
import Essentials
import HomeAPI

/// The `home` executable's entry: prepares the XDG folders and runs the command line.
public enum HomeApp {
    /// The version `home --version` prints.
    public static let version = "0.1.0"

    /// Runs `arguments` (without the executable name) against `console`.
    public static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let layout = Current.directories()
        do {
            try layout.prepare(layout.configuration)
            try layout.prepare(layout.data)
        } catch {
            console.printError("error: cannot prepare \(layout.configuration.path) and \(layout.data.path): \(error)")
            return .failure
        }
        do {
            // The XDG folders of the world, no locale until one is set, and the client id
            // sessions are issued to (HOME_CLIENT_ID, for telling this machine's apart on the server).
            let clientID = Current.environment()["HOME_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
            try Home.configure { configuration in
                if let clientID { configuration.clientID = clientID }
            }
        } catch {
            console.printError("error: \(error)")
            return .failure
        }
        return await CommandLineTool(root: HomeCommand(), version: version).run(arguments, console: console)
    }
}
