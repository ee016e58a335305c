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
        let (kind, value) = try single(item, path, ["state", "time", "sun", "numeric", "device"])
        let fields = value.objectValue ?? [:]
        switch kind {
        case "state":
            return .state(entityIDs: [try text(fields["entity"], "\(path).state.entity")], to: fields["to"]?.stringValue, from: fields["from"]?.stringValue)
        case "time": return .time(at: try text(value, "\(path).time"))
        case "numeric":
            let (above, below) = try bounds(fields, "\(path).numeric")
            return .numericState(entityID: try text(fields["entity"], "\(path).numeric.entity"), above: above, below: below)
        case "device":
            return .device(entityID: try text(fields["entity"], "\(path).device.entity"), event: try text(fields["event"], "\(path).device.event"))
        default: return .sun(event: try text(fields["event"], "\(path).sun.event"), offset: fields["offset"]?.stringValue)
        }
    }

    private static func condition(_ item: JSONValue, _ path: String) throws(DeviceModelError) -> AutomationCondition {
        let (kind, value) = try single(item, path, ["state", "time", "numeric"])
        let fields = value.objectValue ?? [:]
        switch kind {
        case "state":
            return .state(entityID: try text(fields["entity"], "\(path).state.entity"), is: try text(fields["is"], "\(path).state.is"))
        case "numeric":
            let (above, below) = try bounds(fields, "\(path).numeric")
            return .numericState(entityID: try text(fields["entity"], "\(path).numeric.entity"), above: above, below: below)
        default:
            return .timeWindow(after: fields["after"]?.stringValue, before: fields["before"]?.stringValue)
        }
    }

    /// `above` and `below`, each a number when present.
    private static func bounds(_ fields: [String: JSONValue], _ path: String) throws(DeviceModelError) -> (Double?, Double?) {
        var values: [Double?] = []
        for key in ["above", "below"] {
            guard let value = fields[key] else {
                values.append(nil)
                continue
            }
            guard let number = value.numberValue else { throw .invalidArgument("\(path).\(key) must be a number") }
            values.append(number)
        }
        return (values[0], values[1])
    }

    private static func action(_ item: JSONValue, _ path: String) throws(DeviceModelError) -> AutomationAction {
        let (kind, value) = try single(item, path, ["command", "service", "delay", "notify", "scene"])
        let fields = value.objectValue ?? [:]
        switch kind {
        case "command":
            let words = try text(fields["command"], "\(path).command.command").split(separator: " ").map(String.init)
            return .command(entityID: try text(fields["entity"], "\(path).command.entity"), try CommandSyntax.parse(words[0], Array(words.dropFirst())))
        case "service":
            let name = try text(fields["name"], "\(path).service.name")
            guard name.split(separator: ".").count == 2 else { throw .invalidArgument("\(path).service.name must be domain.service, not '\(name)'") }
            guard let entities = AutomationJSON.entities(fields["entities"] ?? .array([])) else {
                throw .invalidArgument("\(path).service.entities must be an entity id or a list of them")
            }
            guard let data = (fields["data"] ?? .object([:])).objectValue else { throw .invalidArgument("\(path).service.data must be an object") }
            return .service(name, entityIDs: entities, data: data)
        case "delay":
            guard let seconds = value.numberValue, seconds >= 0 else { throw .invalidArgument("\(path).delay must be a number of seconds, 0 or more") }
            return .delay(seconds: seconds)
        case "scene":
            return .scene(entityID: try text(value, "\(path).scene"))
        default:
            return .notify(service: fields["service"]?.stringValue ?? "notify.notify", message: try text(fields["message"], "\(path).notify.message"),
                           title: fields["title"]?.stringValue)
        }
    }
}
