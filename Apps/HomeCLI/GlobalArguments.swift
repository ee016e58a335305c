import CLIKit

/// The options every `home` command takes, wherever they stand before `--`: `--manifest FILE`.
struct GlobalArguments {
    /// The manifest `--manifest` names, if it was given.
    let manifest: String?
    /// The arguments without the global options.
    let remaining: [String]

    init(_ arguments: [String]) throws(UsageError) {
        var manifest: String?
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                remaining += arguments[(index - 1)...]
                break
            }
            if argument == "--manifest" {
                guard index < arguments.count else { throw UsageError("option '--manifest' needs a value: --manifest FILE") }
                manifest = arguments[index]
                index += 1
            } else if argument.hasPrefix("--manifest=") {
                manifest = String(argument.dropFirst("--manifest=".count))
            } else {
                remaining.append(argument)
            }
        }
        self.manifest = manifest
        self.remaining = remaining
    }
}
