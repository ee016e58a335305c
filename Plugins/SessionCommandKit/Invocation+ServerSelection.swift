import CLIKit
import Essentials
import SessionContract

extension Invocation {
    /// The server this command line names (`--server`) and the token it gives instead of the
    /// stored session (`--token-file`, else `HOME_TOKEN`; never on the command line, where other
    /// users could read it).
    public func serverSelection() throws -> ServerSelection {
        let file = try arguments.values["token-file"].map { try SecretInput.read($0, option: "token-file", console: console) }
        let token = file ?? Current.environment()["HOME_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return ServerSelection(server: arguments.values["server"], token: token)
    }

    /// The server this command line names with `--server`, nil for the default.
    public var server: String? { arguments.values["server"] }
}
