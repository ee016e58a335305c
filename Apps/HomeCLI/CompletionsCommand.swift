import CLIKit

/// `home completions SHELL`: the completion script of every command the manifest enables.
struct CompletionsCommand: Command {
    let name = "completions"
    let summary = "Print the shell completion script for bash, zsh or fish (written from every command's options)."
    let arguments = "SHELL"
    let source: ManifestSource
    let version: String

    var details: String {
        """
        Install it where the shell looks:
          bash: home completions bash > ~/.local/share/bash-completion/completions/home
          zsh:  home completions zsh > ~/.zfunc/_home   (with ~/.zfunc in fpath, before compinit)
          fish: home completions fish > ~/.config/fish/completions/home.fish
        """
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let word = try invocation.positionals("SHELL (bash, zsh or fish)", minimum: 1, maximum: 1)[0]
        guard let shell = CompletionScript.Shell(rawValue: word) else {
            throw UsageError("no completions for '\(word)'; shells: \(CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let script = try await WholeCommandTree(source: source, version: version).withRoot { root in
            CompletionScript(root: root, globalOptions: [HomeEnvironment.manifestOption, .flag("version", help: "Print the version.")]).text(for: shell)
        }
        invocation.console.print(String(script.dropLast()))
        return .success
    }
}
