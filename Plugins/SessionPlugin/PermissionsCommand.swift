import SessionCommandKit
import CLIKit
import Essentials
import HomePluginKit
import HomeAPI
import SessionContract

/// `home permissions`: (re)authorize a server, with structure hinting.
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
        .server,
    ] + SignInOptions.options + [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let arguments = invocation.arguments
        let home = try await session.restore(server: arguments.values["server"])
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
