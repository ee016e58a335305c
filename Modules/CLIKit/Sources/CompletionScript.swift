/// A shell completion script for a command tree, written from its option specs so it cannot
/// drift from them: subcommands, each command's options, the values of options with fixed
/// choices, and file names for options that take a file.
public struct CompletionScript: Sendable {
    /// The shells a script is written for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    let tree: CommandTree
    /// Options every command accepts before its word (`--manifest FILE`).
    let globalOptions: [OptionSpec]

    /// The script for the tree under `root`; `globalOptions` are offered before the command word.
    public init(root: any Command, globalOptions: [OptionSpec] = []) {
        tree = CommandTree(root: root)
        self.globalOptions = globalOptions
    }

    private var program: String { tree.nodes.first?.path.first ?? "" }

    /// The script for `shell`.
    public func text(for shell: Shell) -> String {
        switch shell {
        case .bash: "# bash completion for \(program), written by '\(program) completions bash'\n" + posixTables + bashGlue
        case .zsh: "#compdef \(program)\n# zsh completion for \(program), written by '\(program) completions zsh'\n" + posixTables + zshGlue
        case .fish: fishScript
        }
    }

    // MARK: - Tables, as the POSIX shells read them

    /// A command's path below the program: `""` for the program itself, `thread import`.
    private func key(_ node: CommandTree.Node) -> String { node.path.dropFirst().joined(separator: " ") }

    private func options(of node: CommandTree.Node) -> [OptionSpec] {
        node.command.options + (node.path.count == 1 ? globalOptions : []) + [.flag("help", help: "Show this help.")]
    }

    private var function: String { "_" + program.replacing("-", with: "_") }

    private var posixTables: String {
        let subcommands = tree.nodes.filter { !$0.command.subcommands.isEmpty }.map { node in
            "    \(Self.quoted(key(node)))) echo \(Self.quoted(node.command.subcommands.map(\.name).joined(separator: " "))) ;;"
        }
        let options = tree.nodes.map { node in
            "    \(Self.quoted(key(node)))) echo \(Self.quoted(self.options(of: node).map { "--\($0.name)" }.joined(separator: " "))) ;;"
        }
        let valued = tree.nodes.flatMap { node in
            self.options(of: node).filter { $0.valueName != nil }.map { option in
                (Self.quoted("\(key(node))|--\(option.name)"), option)
            }
        }
        let values = valued.map { pattern, option in
            "    \(pattern)) echo \(Self.quoted(option.choices.isEmpty ? (option.takesFile ? "__files__" : "__any__") : option.choices.joined(separator: " "))) ;;"
        }
        return """
            \(function)_subcommands() {
              case "$1" in
            \(subcommands.joined(separator: "\n"))
              esac
            }
            \(function)_options() {
              case "$1" in
            \(options.joined(separator: "\n"))
              esac
            }
            # The values an option takes: its choices, __files__ for a file, __any__ for free text;
            # nothing for a flag.
            \(function)_values() {
              case "$1|$2" in
            \(values.joined(separator: "\n"))
              esac
            }
            # The candidates for the last of the words given (the words after the program). Not
            # `path`: zsh ties that name to PATH.
            \(function)_candidates() {
              local selected="" previous="" word index=1 current
              eval "current=\\${$#}"
              for word in "$@"; do
                [ "$index" -eq "$#" ] && break
                index=$((index + 1))
                if [ -n "$previous" ]; then previous=""; continue; fi
                case "$word" in
                  --*=*) continue ;;
                  --*) [ -n "$(\(function)_values "$selected" "$word")" ] && previous="$word"; continue ;;
                esac
                case " $(\(function)_subcommands "$selected") " in
                  *" $word "*) selected="${selected:+$selected }$word" ;;
                esac
              done
              if [ -n "$previous" ]; then
                \(function)_values "$selected" "$previous" | tr ' ' '\\n'
                return
              fi
              case "$current" in
                -*) \(function)_options "$selected" | tr ' ' '\\n' ;;
                *) \(function)_subcommands "$selected" | tr ' ' '\\n' ;;
              esac
            }

            """
    }

    private var bashGlue: String {
        """
        \(function)() {
          local IFS=$'\\n' candidates
          candidates=$(\(function)_candidates "${COMP_WORDS[@]:1:COMP_CWORD}")
          case "$candidates" in
            __files__) COMPREPLY=($(compgen -f -- "${COMP_WORDS[COMP_CWORD]}")) ;;
            __any__) COMPREPLY=() ;;
            *) COMPREPLY=($(compgen -W "$candidates" -- "${COMP_WORDS[COMP_CWORD]}")) ;;
          esac
        }
        complete -F \(function) \(program)

        """
    }

    private var zshGlue: String {
        """
        \(function)() {
          local -a candidates
          candidates=("${(@f)$(\(function)_candidates "${(@)words[2,CURRENT]}")}")
          case "${candidates[1]}" in
            __files__) _files ;;
            __any__) ;;
            *) compadd -a candidates ;;
          esac
        }
        if [ "${funcstack[1]}" = "\(function)" ]; then
          \(function) "$@"
        elif (( $+functions[compdef] )); then
          compdef \(function) \(program)
        fi

        """
    }

    // MARK: - fish

    private var fishScript: String {
        let function = "__\(program.replacing("-", with: "_"))"
        var lines = [
            "# fish completion for \(program), written by '\(program) completions fish'",
            "function \(function)_subcommands",
            "    switch \"$argv[1]\"",
        ]
        for node in tree.nodes where !node.command.subcommands.isEmpty {
            lines.append("        case \(Self.fishQuoted(key(node)))")
            lines.append("            printf '%s\\n' \(node.command.subcommands.map { Self.fishQuoted($0.name) }.joined(separator: " "))")
        }
        lines += ["    end", "end", "", "function \(function)_valued", "    switch \"$argv[1]|$argv[2]\""]
        let valued = tree.nodes.flatMap { node in options(of: node).filter { $0.valueName != nil }.map { "\(key(node))|--\($0.name)" } }
        if !valued.isEmpty {
            lines.append("        case \(valued.map(Self.fishQuoted).joined(separator: " "))")
            lines.append("            return 0")
        }
        lines += [
            "    end", "    return 1", "end", "",
            "# The words that select the command being completed, options and their values left out.",
            "function \(function)_path",
            "    set -l tokens (commandline -opc)",
            "    set -e tokens[1]",
            "    set -l path",
            "    set -l skip 0",
            "    for token in $tokens",
            "        if test $skip -eq 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $token",
            "            case '--*=*'",
            "                continue",
            "            case '--*'",
            "                if \(function)_valued \"$path\" $token",
            "                    set skip 1",
            "                end",
            "                continue",
            "        end",
            "        if contains -- $token (\(function)_subcommands \"$path\")",
            "            set path (string join ' ' $path $token)",
            "        end",
            "    end",
            "    echo $path",
            "end",
            "",
            "complete -c \(program) -f",
        ]
        for node in tree.nodes {
            let condition = "-n " + Self.fishQuoted("test \"$(\(function)_path)\" = \(Self.fishQuoted(key(node)))")
            for subcommand in node.command.subcommands {
                lines.append("complete -c \(program) \(condition) -a \(Self.fishQuoted(subcommand.name)) -d \(Self.fishQuoted(subcommand.summary))")
            }
            for option in options(of: node) {
                var line = "complete -c \(program) \(condition) -l \(option.name)"
                if !option.choices.isEmpty {
                    line += " -x -a \(Self.fishQuoted(option.choices.joined(separator: " ")))"
                } else if option.takesFile {
                    line += " -r -F"
                } else if option.valueName != nil {
                    line += " -x"
                }
                lines.append(line + " -d \(Self.fishQuoted(option.help))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// `text` in single quotes for fish (which escapes `\` and `'` inside them).
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
