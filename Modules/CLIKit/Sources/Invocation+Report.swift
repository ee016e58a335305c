import Essentials

extension Invocation {
    /// Prints what an action did: `fields` as one JSON object with `--json`, else `lines` (each
    /// made safe for a terminal), so every action's result can be read by a script.
    public func report(_ lines: [String], json fields: [String: JSONValue]) throws {
        if arguments.has("json") {
            console.print(try JSONSerializer.string(.object(fields), pretty: true))
        } else {
            lines.forEach { console.print($0.terminalSafe) }
        }
    }
}
