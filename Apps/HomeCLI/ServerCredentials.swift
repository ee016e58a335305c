import CLIKit
import Networking
import PluginHost

/// The server and token a command talks to, from `--server`/`--token` or `HOME_SERVER`/`HOME_TOKEN`.
struct ServerCredentials {
    let address: ServerAddress
    let tokenProvider: StaticTokenProvider

    init(_ invocation: Invocation) throws {
        let environment = Current.environment()
        guard let server = invocation.arguments.values["server"] ?? environment["HOME_SERVER"], !server.isEmpty else {
            throw UsageError("no server: give --server URL or set HOME_SERVER (such as http://homeassistant.local:8123)")
        }
        guard let token = invocation.arguments.values["token"] ?? environment["HOME_TOKEN"], !token.isEmpty else {
            throw UsageError("no token: give --token TOKEN or set HOME_TOKEN to a long-lived access token")
        }
        do {
            address = try ServerAddress(server)
        } catch {
            throw UsageError("\(error)")
        }
        tokenProvider = StaticTokenProvider(token)
    }

    var rest: RESTClient { RESTClient(address: address, tokenProvider: tokenProvider) }
}
