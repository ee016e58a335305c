/// A command's arguments after its options were recognised.
public struct ParsedArguments: Sendable, Equatable {
    /// Flags that were given.
    public let flags: Set<String>
    /// Values of options that take one; the last occurrence wins.
    public let values: [String: String]
    /// Arguments that are not options, in order.
    public let positionals: [String]

    /// Parses `arguments` against `options`. `--` ends option parsing; `-h` means `--help`.
    public init(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) {
        var flags: Set<String> = []
        var values: [String: String] = [:]
        var positionals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            if argument == "-h" {
                flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positionals.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if name == "help" {
                flags.insert("help")
                continue
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                let valid = (options.map { "--\($0.name)" } + ["--help"]).joined(separator: ", ")
                throw UsageError("unknown option '--\(name)' for '\(command)'; valid options: \(valid)")
            }
            if let valueName = spec.valueName {
                if let inline {
                    values[name] = inline
                } else if index < arguments.count {
                    values[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '--\(name)' needs a value: --\(name) \(valueName)")
                }
            } else {
                guard inline == nil else { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            }
        }
        if !flags.contains("help"), let missing = options.first(where: { $0.isRequired && values[$0.name] == nil && !flags.contains($0.name) }) {
            throw UsageError("'\(command)' needs \(missing.written); see '\(command) --help'")
        }
        self.flags = flags
        self.values = values
        self.positionals = positionals
    }

    /// Whether flag `name` was given.
    public func has(_ name: String) -> Bool { flags.contains(name) }
}
