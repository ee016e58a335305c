import Essentials

extension AutomationDraft {
    /// Parses the file format (see ``AutomationDraft``); errors name the part that is wrong.
    public init(file value: JSONValue) throws(DeviceModelError) {
        guard let fields = value.objectValue else { throw .invalidArgument("an automation file holds one JSON object") }
        let known: Set<String> = ["alias", "description", "mode", "starters", "conditions", "actions"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalidArgument("unknown key '\(unknown)'; an automation has \(known.sorted().joined(separator: ", "))")
        }
        guard let alias = fields["alias"]?.stringValue, !alias.isEmpty else { throw .invalidArgument("an automation needs an \"alias\"") }
        let mode = fields["mode"]?.stringValue ?? "single"
        guard ["single", "restart", "queued", "parallel"].contains(mode) else {
            throw .invalidArgument("mode '\(mode)' is not single, restart, queued or parallel")
        }
        self.init(
            alias: alias, description: fields["description"]?.stringValue, mode: mode,
            starters: try Self.items(fields, "starters").enumerated().map { index, item throws(DeviceModelError) in try Self.starter(item, "starters[\(index)]") },
            conditions: try Self.items(fields, "conditions").enumerated().map { index, item throws(DeviceModelError) in try Self.condition(item, "conditions[\(index)]") },
            actions: try Self.items(fields, "actions").enumerated().map { index, item throws(DeviceModelError) in try Self.action(item, "actions[\(index)]") }
        )
    }

    private static func items(_ fields: [String: JSONValue], _ key: String) throws(DeviceModelError) -> [JSONValue] {
        switch fields[key] {
        case nil: return []
        case .array(let items)?: return items
        default: throw .invalidArgument("\"\(key)\" must be a list")
        }
    }

    /// The one key of an item and its value.
    private static func single(_ item: JSONValue, _ path: String, _ kinds: [String]) throws(DeviceModelError) -> (String, JSONValue) {
        guard let fields = item.objectValue, fields.count == 1, let (kind, value) = fields.first, kinds.contains(kind) else {
            throw .invalidArgument("\(path) must be an object with one of \(kinds.joined(separator: ", "))")
        }
        return (kind, value)
    }

    private static func text(_ value: JSONValue?, _ path: String) throws(DeviceModelError) -> String {
        guard let text = value?.stringValue, !text.isEmpty else { throw .invalidArgument("\(path) must be a non-empty string") }
        return text
    }

    private static func starter(_ item: JSONValue, _ path: String) throws(DeviceModelError) -> AutomationStarter {
        let (kind, value) = try single(item, path, ["state", "time", "sun"])
        let fields = value.objectValue ?? [:]
        switch kind {
        case "state":
            return .state(entityIDs: [try text(fields["entity"], "\(path).state.entity")], to: fields["to"]?.stringValue, from: fields["from"]?.stringValue)
        case "time": return .time(at: try text(value, "\(path).time"))
        default: return .sun(event: try text(fields["event"], "\(path).sun.event"), offset: fields["offset"]?.stringValue)
        }
    }

    private static func condition(_ item: JSONValue, _ path: String) throws(DeviceModelError) -> AutomationCondition {
        let (kind, value) = try single(item, path, ["state", "time"])
        let fields = value.objectValue ?? [:]
        if kind == "state" {
            return .state(entityID: try text(fields["entity"], "\(path).state.entity"), is: try text(fields["is"], "\(path).state.is"))
        }
        return .timeWindow(after: fields["after"]?.stringValue, before: fields["before"]?.stringValue)
    }

    private static func action(_ item: JSONValue, _ path: String) throws(DeviceModelError) -> AutomationAction {
        let (kind, value) = try single(item, path, ["command", "delay", "notify"])
        let fields = value.objectValue ?? [:]
        switch kind {
        case "command":
            let words = try text(fields["command"], "\(path).command.command").split(separator: " ").map(String.init)
            return .command(entityID: try text(fields["entity"], "\(path).command.entity"), try CommandSyntax.parse(words[0], Array(words.dropFirst())))
        case "delay":
            guard let seconds = value.numberValue, seconds >= 0 else { throw .invalidArgument("\(path).delay must be a number of seconds, 0 or more") }
            return .delay(seconds: seconds)
        default:
            return .notify(service: fields["service"]?.stringValue ?? "notify.notify", message: try text(fields["message"], "\(path).notify.message"),
                           title: fields["title"]?.stringValue)
        }
    }
}
