import CLIKit
import Essentials
import HAModels
import HomeAPI
import HomePluginKit
import Networking
import SessionCommandKit
import SessionContract
import WindowContract

/// `home open LINK [--server URL]`: follows a link as Home Assistant's apps do. A page opens in the
/// window, another site in the browser; a link that calls a service or fires an event runs once the
/// person agreed (on the terminal, else through a desktop notification), unless they allowed that
/// very link on that server before.
struct OpenCommand: PluginCommand {
    static let commandName = "open"
    static let commandSummary = "Follow a link: homeassistant://navigate|call_service|fire_event/…, a frontend path, entityId:ENTITY or a URL."
    let session: any SessionAccess
    let opener: any WindowOpening
    let confirmation: any LinkConfirming
    let arguments = "LINK"
    let options: [OptionSpec] = [.server, .json]

    var details: String {
        """
        The forms of Home Assistant's apps: homeassistant://navigate/PATH opens PATH in the window;
        homeassistant://call_service/DOMAIN.SERVICE?KEY=VALUE&… calls the service with that data;
        homeassistant://fire_event/EVENT?KEY=VALUE&… fires the event. A service call or an event asks
        first: on the terminal (y: this time, a: always for this link on this server, anything
        else: no), or without a terminal through a desktop notification. The .desktop file that
        'home window' writes makes this the desktop's handler of homeassistant:// links.
        Also: /PATH, entityId:light.kitchen (its more-info dialog), http(s) URLs.
        """
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let link = try invocation.positionals("LINK", minimum: 1, maximum: 1)[0]
        let home = try await session.restore(server: invocation.server)
        let server = "\(home.server)"
        let target: LinkTarget
        do {
            target = link.lowercased().hasPrefix("\(LinkTarget.scheme):")
                ? try LinkTarget(deepLink: link) : try LinkTarget(notificationLink: link, server: home.server.baseURL)
        } catch {
            throw UsageError("\(error)")
        }
        let done: String
        switch target {
        case .page(let path, let entity):
            try opener.openPage(server: server, path: path, entity: entity)
            done = "opened \(path)\(entity.map { " with the dialog of \($0)" } ?? "") in the window"
        case .browser(let url):
            try opener.openInBrowser(url)
            done = "opened \(url) in the browser"
        case .nothing:
            done = "the link opens nothing"
        case .serviceCall, .event:
            guard try await agreed(to: target, on: home, invocation) else {
                try invocation.report(["did not follow \(link): not confirmed"], json: ["link": .string(link), "followed": .bool(false)])
                return .failure
            }
            done = try await follow(target, on: home)
        }
        try invocation.report([done], json: ["link": .string(link), "followed": .bool(true), "server": .string(server)])
        return .success
    }

    /// Whether the person allows `target` on `home`'s server: allowed before, or asked now.
    private func agreed(to target: LinkTarget, on home: Home, _ invocation: Invocation) async throws -> Bool {
        guard let key = target.deepLink else { return false }
        let allowed = AllowedLinks(folder: home.folders.data)
        if try allowed.contains(key) { return true }
        let question = "\(Self.describe(target)) on \(home.server)?"
        let answer: LinkAnswer
        if invocation.console.inputIsTerminal {
            invocation.console.printError("\(question) [y]es this time, [a]lways for this link, [N]o: ", newline: false)
            switch invocation.console.readLine()?.trimmingSpaces().lowercased() {
            case "y", "yes": answer = .once
            case "a", "always": answer = .always
            default: answer = .declined
            }
        } else {
            answer = try await confirmation.ask(question)
        }
        if answer == .always { try allowed.allow(key) }
        return answer != .declined
    }

    private func follow(_ target: LinkTarget, on home: Home) async throws -> String {
        switch target {
        case .serviceCall(let domain, let service, let data):
            let changed = try await home.callService(domain, service, data: data.mapValues { .string($0) })
            return "called \(domain).\(service); \(changed.count) state(s) changed"
        case .event(let type, let data):
            try await RESTClient(address: home.address, tokenProvider: home.tokenProvider).fireEvent(type, data: data.mapValues { .string($0) })
            return "fired \(type)"
        case .page, .browser, .nothing:
            return ""
        }
    }

    /// What following `target` does, in words.
    static func describe(_ target: LinkTarget) -> String {
        let (what, data): (String, [String: String]) = switch target {
        case .serviceCall(let domain, let service, let data): ("Call \(domain).\(service)", data)
        case .event(let type, let data): ("Fire the event \(type)", data)
        case .page(let path, _): ("Open \(path)", [:])
        case .browser(let url): ("Open \(url)", [:])
        case .nothing: ("Do nothing", [:])
        }
        return what + (data.isEmpty ? "" : " with " + data.keys.sorted().map { "\($0)=\(data[$0] ?? "")" }.joined(separator: ", "))
    }
}
