import Essentials

/// One field of a config flow's form, as Home Assistant serializes its schema (`data_schema`):
/// its name, whether it must be given, its default, and the kind of value it takes.
struct FlowField: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case text
        case secret
        case integer
        case number
        case boolean
        /// A length of time, typed `HH:MM:SS` (or seconds), sent as hours, minutes and seconds.
        case duration
        /// One of these values.
        case choice([String])
    }

    let name: String
    let required: Bool
    let defaultValue: JSONValue?
    let kind: Kind

    /// The field a schema item describes (a plain voluptuous type or a selector); nil when the
    /// item has no name.
    init?(_ item: JSONValue) {
        guard let fields = item.objectValue, let name = fields["name"]?.stringValue, !name.isEmpty else { return nil }
        self.name = name
        required = fields["required"] == .bool(true)
        defaultValue = fields["default"]
        let selector = fields["selector"]?.objectValue
        let options = (fields["options"]?.arrayValue ?? selector?["select"]?.objectValue?["options"]?.arrayValue ?? []).compactMap { option in
            option.stringValue ?? option.arrayValue?.first?.stringValue ?? option.objectValue?["value"]?.stringValue
        }
        switch (fields["type"]?.stringValue, selector?.keys.first) {
        case (_, "boolean"), ("boolean", _): kind = .boolean
        case (_, "number"), ("float", _): kind = .number
        case ("integer", _): kind = .integer
        case (_, "select"), ("select", _): kind = .choice(options)
        case (_, "duration"): kind = .duration
        case (_, "text") where selector?["text"]?.objectValue?["type"]?.stringValue == "password": kind = .secret
        default: kind = name.contains("password") || name.contains("token") || name.contains("secret") ? .secret : .text
        }
    }

    /// Whether the user must answer it: required and without a default.
    var needsAnswer: Bool { required && defaultValue == nil }

    /// What a person typed, as the value the field takes; nil (with why) when it is not one.
    func value(of text: String) -> Result<JSONValue, IntegrationSetupError> {
        switch kind {
        case .text, .secret: return .success(.string(text))
        case .integer:
            guard let number = Int64(text) else { return .failure(IntegrationSetupError("\(name) takes a whole number, not '\(text)'")) }
            return .success(.integer(number))
        case .number:
            guard let number = Double(text), number.isFinite else { return .failure(IntegrationSetupError("\(name) takes a number, not '\(text)'")) }
            return .success(.double(number))
        case .boolean:
            switch text.lowercased() {
            case "y", "yes", "true", "on", "1": return .success(.bool(true))
            case "n", "no", "false", "off", "0": return .success(.bool(false))
            default: return .failure(IntegrationSetupError("\(name) takes yes or no, not '\(text)'"))
            }
        case .duration:
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...3).contains(parts.count), parts.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                return .failure(IntegrationSetupError("\(name) takes a length of time as HH:MM:SS, not '\(text)'"))
            }
            let seconds = parts.compactMap { $0 }.reduce(0) { $0 * 60 + $1 }
            return .success(.object(["hours": .integer(Int64(seconds / 3600)), "minutes": .integer(Int64(seconds / 60 % 60)), "seconds": .integer(Int64(seconds % 60))]))
        case .choice(let options):
            guard options.isEmpty || options.contains(text) else {
                return .failure(IntegrationSetupError("\(name) takes one of \(options.joined(separator: ", ")), not '\(text)'"))
            }
            return .success(.string(text))
        }
    }

    /// How the question reads at the terminal.
    var prompt: String {
        switch kind {
        case .choice(let options) where !options.isEmpty: "\(name) (\(options.joined(separator: ", "))): "
        case .boolean: "\(name) (yes or no): "
        case .duration: "\(name) (HH:MM:SS): "
        default: "\(name): "
        }
    }
}
