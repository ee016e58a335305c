import CLIKit
import Essentials
import HomeAPI
import HomePluginKit
import PluginHost
import SessionContract

/// Runs one `home` command line in one plugin host: built-in commands (`plugins`, `paths`)
/// directly; any other command by starting the plugin that declares it and what that plugin
/// needs, in dependency order, and stopping them in reverse when the command returns (for
/// `home agent`, when the daemon stops).
struct CommandDispatcher {
    let source: ManifestSource
    let version: String

    func run(_ arguments: [String], console: Console) async -> ExitCode {
        if arguments.first == "--version" {
            console.print("home \(version)")
            return .success
        }
        let builtIns = BuiltInCommands.all(source: source, version: version)
        if let word = arguments.first, builtIns.contains(where: { $0.name == word }) {
            return await CommandLineTool(root: HomeCommand(subcommands: builtIns), version: version).run(arguments, console: console)
        }
        let plan: LoadPlan
        do {
            plan = try source.plan()
        } catch {
            DiagnosticPrinter(console: console).printText(error.diagnostics, manifest: source.name)
            return .failure
        }
        let help = RootHelp(declarations: plan.declarations(point: CommandPoint.commands.name), builtIns: builtIns, plan: plan)
        // Bare, home is a group like any other: it prints its help.
        guard let word = arguments.first else {
            console.print(help.text)
            return .success
        }
        if word == "--help" || word == "-h" {
            console.print(help.text)
            return .success
        }
        guard let (planned, _) = plan.declaration(point: CommandPoint.commands.name, name: word) else {
            console.printError("error: \(unavailable(word, plan: plan, help: help))")
            return .usage
        }
        let plugin = planned.descriptor.id
        let host = PluginHost(plan: plan, logger: Current.logger("plugin-host"))
        // The settings page's plugin switches are the host's own, not a plugin's.
        try? host.extensions.contribute(SettingsPoint.switches, name: "plugins", ManifestPlugins(source: source, states: { await host.report }), by: "home")
        let report = await host.start(only: [plugin])
        let command = host.extensions.contributions(to: CommandPoint.commands).first { $0.name == word && $0.plugin == plugin }?.value
        guard report.status(of: plugin)?.state == .started, let command else {
            await host.stop()
            let state = report.status(of: plugin)?.state.description ?? "not started"
            console.printError(
                "error: '\(word)' is a command of plugin '\(plugin)', which did not start (\(state)); 'home plugins' shows why, and the manifest \(source.name) is where to fix it"
            )
            return .usage
        }
        // A command that finds its server gone (signing out, access revoked) starts what forgets
        // the server's Thread keys and relay registration first, which it did not need till then.
        let forgetters = Set(plan.startOrder.filter { $0.descriptor.contributes.contains { $0.point == SessionCapabilities.serverForgetting.name } }.map(\.descriptor.id))
        // A command whose plugins use no session (so none was provided) has no server to forget.
        (try? host.registry.resolve(SessionCapabilities.access))?.client.forgetting {
            _ = await host.start(only: forgetters)
            return host.extensions.contributions(to: SessionCapabilities.serverForgetting).map(\.value)
        }
        let code = await CommandLineTool(root: HomeCommand(subcommands: builtIns + [command]), version: version).run(arguments, console: console)
        await host.stop()
        return code
    }

    /// Why `word` is not a command now: a plugin that would provide it is off, or nothing does.
    private func unavailable(_ word: String, plan: LoadPlan, help: RootHelp) -> String {
        guard let plugin = source.catalogPlugin(declaring: word) else {
            return "unknown command '\(word)'; valid commands: \(help.commandNames.joined(separator: ", ")); see 'home --help'"
        }
        let disabled = plan.disabled.contains { $0.id == plugin }
        return "'\(word)' is a command of plugin '\(plugin)', which \(disabled ? "is disabled in" : "is not enabled by") the manifest \(source.name); "
            + "enable it with {\"id\": \"\(plugin)\", \"enabled\": true} in the manifest's plugins"
    }
}
