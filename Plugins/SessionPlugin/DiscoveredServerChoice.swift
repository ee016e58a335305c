import CLIKit
import Discovery
import Essentials

/// The server `home login` signs in to when no URL is given: the one Home Assistant server that
/// announced itself on the network, or, of several, the one the person picks at a terminal.
enum DiscoveredServerChoice {
    /// How long `home login` listens for announcements.
    static let listening = 3.0

    static func url(_ invocation: Invocation, browser: AvahiBrowser) async throws -> String {
        let console = invocation.console
        let found: [DiscoveredServer]
        do {
            found = try await browser.browse(within: listening)
        } catch let error as DiscoveryError {
            throw DiscoveryFailure(description: "\(error); give the server's URL: home login URL")
        }
        switch found.count {
        case 0:
            throw DiscoveryFailure(description: "no Home Assistant server announced itself on this network; give its URL: home login URL")
        case 1:
            console.printError("found \(describe(found[0]))")
            return found[0].url
        default:
            let listed = found.enumerated().map { "  \($0.offset + 1). \(describe($0.element))" }.joined(separator: "\n")
            guard console.inputIsTerminal else {
                throw UsageError("several Home Assistant servers announced themselves; give one's URL:\n\(listed)")
            }
            console.printError("Home Assistant servers on this network:\n\(listed)")
            console.printError("Sign in to which? [1-\(found.count)]: ", newline: false)
            guard let answer = console.readLine().flatMap({ Int($0.trimmingSpaces()) }), found.indices.contains(answer - 1) else {
                throw UsageError("no server chosen")
            }
            return found[answer - 1].url
        }
    }

    /// `NAME (Home Assistant VERSION) at URL`.
    static func describe(_ server: DiscoveredServer) -> String {
        "\(server.title) (Home Assistant \(server.announcement.version ?? "of an unknown version")) at \(server.url)"
    }
}
