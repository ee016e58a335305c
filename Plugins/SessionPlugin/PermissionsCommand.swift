import SessionCommandKit
import CLIKit
import Essentials
import HomePluginKit
import HomeAPI
import SessionContract

/// `home permissions`: (re)authorize a server, with structure hinting; `--hint URL` keeps the
/// server a person not signed in yet is to choose (the next `home login` goes there), and
/// `--revoke-url` prints the server's page where its sessions are revoked.
struct PermissionsCommand: PluginCommand {
    static let commandName = "permissions"
    static let commandSummary = "Grant or renew access to a server: offers the servers with one preselected, then signs in to the choice."
    let session: any SessionAccess
    let options: [OptionSpec] = [
        .value("structure", "URL", help: "Preselect this server (default: the current one)."),
        .value("allowed", "URL,…", help: "Offer only these servers."),
        .flag("allow-change", help: "Let the user choose another server than the preselected one."),
        .value("choose", "URL", help: "Choose without asking (for scripts)."),
        .flag("yes", help: "Take the preselected server without asking (for scripts)."),
        .value("hint", "URL", help: "Keep URL as the server the next sign-in goes to (for someone not signed in yet), then stop."),
        .flag("revoke-url", help: "Print the server's page where the sessions it issued are seen and revoked, then stop."),
        .server,
    ] + SignInOptions.options + [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let arguments = invocation.arguments
        if let hint = arguments.values["hint"] {
            try await session.client.migrating(structureID: hint)
            let kept = try session.client.structureHint() ?? hint
            try invocation.report(["kept \(kept): the next 'home login' without a URL signs in there"], json: ["hint": .string(kept)])
            return .success
        }
        let home = try await session.restore(server: arguments.values["server"])
        if arguments.has("revoke-url") {
            let page = home.permissions.revokeAccessURL.absoluteString
            try invocation.report([page], json: ["server": .string("\(home.server)"), "revoke_access_url": .string(page)])
            return .success
        }
        let scripted = arguments.values["choose"] != nil || arguments.has("yes")
        guard scripted || invocation.console.inputIsTerminal else {
            throw UsageError("not at a terminal: give --choose URL or --yes")
        }
        let prompt: any PermissionsPrompt = scripted
            ? ScriptedStructurePrompt(structure: arguments.values["choose"])
            : TerminalStructurePrompt(console: invocation.console)
        let updated = try await home.permissions.presentPermissionsUpdate(
            structureID: arguments.values["structure"],
            allowedStructureIDs: arguments.values["allowed"].map { $0.split(separator: ",").map(String.init) },
            allowStructureChange: arguments.has("allow-change"),
            prompt: prompt, signIn: { _ in try SignInOptions.method(invocation) }
        )
        guard let updated else {
            try invocation.report(["cancelled; nothing changed"], json: ["granted": .bool(false)])
            return .failure
        }
        try invocation.report(["access granted to \(updated.server)"], json: ["granted": .bool(true), "server": .string("\(updated.server)")])
        return .success
    }
}
